//! The slideshow generator's phrase tables, one per language, each in its own script.
//!
//! Points are generic but sensible for any topic. A topic point puts `{t}` first, as a label
//! before a colon, so whatever the user wrote stands as a headline and no sentence has to agree
//! with it; it is used only for a topic in the language's own script. `{b}` is the brand's
//! name, in closers only, each list holding a line without it.

/// The phrases of one language.
pub struct Phrases {
    /// The title when the input has no words at all.
    pub fallback: &'static str,
    /// Points about any topic, one per slide (at most 100 characters).
    pub points: [&'static str; 6],
    /// A first point naming the topic: `{t}`, then a label's colon and a short continuation.
    pub topic_points: [&'static str; 2],
    /// The last slide: a call to follow, save or act.
    pub closers: [&'static str; 3],
}

/// The phrases for `code`, if the generator writes that language.
pub fn for_language(code: &str) -> Option<&'static Phrases> {
    TABLES.iter().find(|(c, _)| *c == code).map(|(_, p)| p)
}

/// Every language the generator writes: ISO 639-1 code and its phrases.
pub static TABLES: [(&str, Phrases); 23] = [
    (
        "en",
        Phrases {
            fallback: "Our latest update",
            points: [
                "Start with the problem, not the tool.",
                "Small steps, shipped often, beat big plans.",
                "Measure what changes for the people you serve.",
                "Keep what works. Drop what doesn't.",
                "Share what you learn, early and openly.",
                "The best ideas come from the people who use them.",
            ],
            topic_points: ["{t}: what you need to know.", "{t}: here's what changes."],
            closers: ["Follow {b} for more.", "Save this for later.", "Now it's your turn."],
        },
    ),
    (
        "es",
        Phrases {
            fallback: "Nuestra última novedad",
            points: [
                "Empieza por el problema, no por la herramienta.",
                "Pasos pequeños y frecuentes valen más que grandes planes.",
                "Mide lo que cambia para las personas a las que sirves.",
                "Quédate con lo que funciona. Deja lo que no.",
                "Comparte lo que aprendes, pronto y en abierto.",
                "Las mejores ideas vienen de quienes las usan.",
            ],
            topic_points: ["{t}: lo que necesitas saber.", "{t}: esto es lo que cambia."],
            closers: ["Sigue a {b} para ver más.", "Guárdalo para después.", "Ahora te toca a ti."],
        },
    ),
    (
        "pt",
        Phrases {
            fallback: "Nossa novidade mais recente",
            points: [
                "Comece pelo problema, não pela ferramenta.",
                "Passos pequenos e frequentes valem mais que grandes planos.",
                "Meça o que muda para as pessoas que você atende.",
                "Fique com o que funciona. Largue o que não funciona.",
                "Compartilhe o que aprende, cedo e de forma aberta.",
                "As melhores ideias vêm de quem as usa.",
            ],
            topic_points: ["{t}: o que você precisa saber.", "{t}: veja o que muda."],
            closers: ["Siga {b} para ver mais.", "Salve para depois.", "Agora é a sua vez."],
        },
    ),
    (
        "fr",
        Phrases {
            fallback: "Notre dernière nouveauté",
            points: [
                "Commencez par le problème, pas par l'outil.",
                "De petits pas, souvent, valent mieux que de grands plans.",
                "Mesurez ce qui change pour les personnes que vous servez.",
                "Gardez ce qui marche. Laissez le reste.",
                "Partagez ce que vous apprenez, tôt et ouvertement.",
                "Les meilleures idées viennent de celles et ceux qui s'en servent.",
            ],
            topic_points: ["{t} : ce qu'il faut savoir.", "{t} : ce qui change."],
            closers: ["Suivez {b} pour en voir plus.", "Enregistrez pour plus tard.", "À vous de jouer."],
        },
    ),
    (
        "de",
        Phrases {
            fallback: "Unsere neueste Neuigkeit",
            points: [
                "Fang beim Problem an, nicht beim Werkzeug.",
                "Kleine, häufige Schritte schlagen große Pläne.",
                "Miss, was sich für die Menschen ändert, für die du arbeitest.",
                "Behalte, was funktioniert. Lass den Rest weg.",
                "Teile, was du lernst – früh und offen.",
                "Die besten Ideen kommen von denen, die sie nutzen.",
            ],
            topic_points: ["{t}: Das musst du wissen.", "{t}: Das ändert sich."],
            closers: ["Folge {b} für mehr.", "Für später speichern.", "Jetzt bist du dran."],
        },
    ),
    (
        "it",
        Phrases {
            fallback: "La nostra ultima novità",
            points: [
                "Parti dal problema, non dallo strumento.",
                "Piccoli passi frequenti battono i grandi piani.",
                "Misura cosa cambia per le persone a cui ti rivolgi.",
                "Tieni ciò che funziona. Lascia il resto.",
                "Condividi ciò che impari, presto e apertamente.",
                "Le idee migliori arrivano da chi le usa.",
            ],
            topic_points: ["{t}: cosa c'è da sapere.", "{t}: ecco cosa cambia."],
            closers: ["Segui {b} per altri contenuti.", "Salvalo per dopo.", "Ora tocca a te."],
        },
    ),
    (
        "nl",
        Phrases {
            fallback: "Ons nieuwste nieuws",
            points: [
                "Begin bij het probleem, niet bij het gereedschap.",
                "Kleine stappen, vaak gezet, winnen van grote plannen.",
                "Meet wat er verandert voor de mensen voor wie je werkt.",
                "Houd wat werkt. Laat de rest los.",
                "Deel wat je leert, vroeg en open.",
                "De beste ideeën komen van de mensen die ze gebruiken.",
            ],
            topic_points: ["{t}: dit moet je weten.", "{t}: dit verandert er."],
            closers: ["Volg {b} voor meer.", "Bewaar dit voor later.", "Nu ben jij aan de beurt."],
        },
    ),
    (
        "pl",
        Phrases {
            fallback: "Nasza najnowsza wiadomość",
            points: [
                "Zacznij od problemu, nie od narzędzia.",
                "Małe, częste kroki wygrywają z wielkimi planami.",
                "Mierz, co się zmienia dla ludzi, dla których pracujesz.",
                "Zostaw to, co działa. Resztę odpuść.",
                "Dziel się tym, czego się uczysz, wcześnie i otwarcie.",
                "Najlepsze pomysły pochodzą od tych, którzy z nich korzystają.",
            ],
            topic_points: ["{t}: co warto wiedzieć.", "{t}: oto, co się zmienia."],
            closers: ["Obserwuj {b}, aby zobaczyć więcej.", "Zapisz na później.", "Teraz Twoja kolej."],
        },
    ),
    (
        "tr",
        Phrases {
            fallback: "Son haberimiz",
            points: [
                "Araçtan değil, sorundan başlayın.",
                "Sık atılan küçük adımlar büyük planları geçer.",
                "Hizmet ettiğiniz insanlar için neyin değiştiğini ölçün.",
                "İşe yarayanı tutun, gerisini bırakın.",
                "Öğrendiklerinizi erken ve açıkça paylaşın.",
                "En iyi fikirler onları kullananlardan gelir.",
            ],
            topic_points: ["{t}: bilmeniz gerekenler.", "{t}: neler değişiyor?"],
            closers: ["Daha fazlası için {b} hesabını takip edin.", "Sonrası için kaydedin.", "Şimdi sıra sizde."],
        },
    ),
    (
        "ru",
        Phrases {
            fallback: "Наша главная новость",
            points: [
                "Начинайте с проблемы, а не с инструмента.",
                "Маленькие частые шаги лучше больших планов.",
                "Измеряйте, что меняется для людей, ради которых вы работаете.",
                "Оставьте то, что работает. Остальное уберите.",
                "Делитесь тем, что узнаёте, — рано и открыто.",
                "Лучшие идеи приходят от тех, кто ими пользуется.",
            ],
            topic_points: ["{t}: что нужно знать.", "{t}: что меняется."],
            closers: ["Подписывайтесь на {b}, чтобы увидеть больше.", "Сохраните на потом.", "Теперь ваша очередь."],
        },
    ),
    (
        "uk",
        Phrases {
            fallback: "Наша головна новина",
            points: [
                "Починайте з проблеми, а не з інструмента.",
                "Маленькі часті кроки кращі за великі плани.",
                "Вимірюйте, що змінюється для людей, заради яких ви працюєте.",
                "Залиште те, що працює. Решту приберіть.",
                "Діліться тим, що дізнаєтеся, — рано й відкрито.",
                "Найкращі ідеї приходять від тих, хто ними користується.",
            ],
            topic_points: ["{t}: що варто знати.", "{t}: що змінюється."],
            closers: ["Підписуйтеся на {b}, щоб побачити більше.", "Збережіть на потім.", "Тепер ваша черга."],
        },
    ),
    (
        "ar",
        Phrases {
            fallback: "آخر أخبارنا",
            points: [
                "ابدؤوا بالمشكلة، لا بالأداة.",
                "الخطوات الصغيرة المتكررة تتفوق على الخطط الكبيرة.",
                "قيسوا ما يتغير للناس الذين تخدمونهم.",
                "احتفظوا بما ينجح، واتركوا الباقي.",
                "شاركوا ما تتعلمونه مبكرًا وبانفتاح.",
                "أفضل الأفكار تأتي ممن يستخدمونها.",
            ],
            topic_points: ["{t}: ما تحتاجون إلى معرفته.", "{t}: إليكم ما يتغير."],
            closers: ["تابعوا {b} للمزيد.", "احفظوه لوقت لاحق.", "والآن جاء دوركم."],
        },
    ),
    (
        "fa",
        Phrases {
            fallback: "تازه‌ترین خبر ما",
            points: [
                "از مسئله شروع کنید، نه از ابزار.",
                "گام‌های کوچک و پیوسته از برنامه‌های بزرگ جلو می‌زنند.",
                "بسنجید چه چیزی برای مردمی که به آن‌ها خدمت می‌کنید تغییر می‌کند.",
                "آنچه جواب می‌دهد را نگه دارید، بقیه را کنار بگذارید.",
                "آنچه یاد می‌گیرید را زود و آشکار به اشتراک بگذارید.",
                "بهترین ایده‌ها از کسانی می‌آیند که از آن‌ها استفاده می‌کنند.",
            ],
            topic_points: ["{t}: آنچه باید بدانید.", "{t}: چه چیزی تغییر می‌کند."],
            closers: ["برای مطالب بیشتر {b} را دنبال کنید.", "برای بعد ذخیره کنید.", "حالا نوبت شماست."],
        },
    ),
    (
        "hi",
        Phrases {
            fallback: "हमारी ताज़ा ख़बर",
            points: [
                "समस्या से शुरू करें, औज़ार से नहीं।",
                "छोटे और लगातार कदम बड़ी योजनाओं से आगे निकलते हैं।",
                "मापें कि जिन लोगों के लिए आप काम करते हैं, उनके लिए क्या बदलता है।",
                "जो काम करता है उसे रखें, बाक़ी छोड़ दें।",
                "जो सीखें, उसे जल्दी और खुलकर साझा करें।",
                "सबसे अच्छे विचार उन्हीं से आते हैं जो उन्हें इस्तेमाल करते हैं।",
            ],
            topic_points: ["{t}: आपको क्या जानना चाहिए।", "{t}: क्या बदल रहा है।"],
            closers: ["और देखने के लिए {b} को फ़ॉलो करें।", "बाद के लिए सेव करें।", "अब आपकी बारी है।"],
        },
    ),
    (
        "bn",
        Phrases {
            fallback: "আমাদের সাম্প্রতিক খবর",
            points: [
                "সমস্যা দিয়ে শুরু করুন, হাতিয়ার দিয়ে নয়।",
                "ছোট ছোট নিয়মিত পদক্ষেপ বড় পরিকল্পনাকে হারিয়ে দেয়।",
                "যাঁদের জন্য কাজ করেন, তাঁদের জন্য কী বদলায় তা মাপুন।",
                "যা কাজ করে তা রাখুন, বাকিটা বাদ দিন।",
                "যা শেখেন, তা তাড়াতাড়ি ও খোলাখুলি ভাগ করুন।",
                "সেরা ভাবনাগুলো আসে তাঁদের কাছ থেকে, যাঁরা সেগুলো ব্যবহার করেন।",
            ],
            topic_points: ["{t}: যা জানা দরকার।", "{t}: কী বদলাচ্ছে।"],
            closers: ["আরও দেখতে {b}-কে ফলো করুন।", "পরে দেখার জন্য সেভ করুন।", "এবার আপনার পালা।"],
        },
    ),
    (
        "id",
        Phrases {
            fallback: "Kabar terbaru kami",
            points: [
                "Mulailah dari masalahnya, bukan dari alatnya.",
                "Langkah kecil yang sering lebih unggul daripada rencana besar.",
                "Ukur apa yang berubah bagi orang-orang yang Anda layani.",
                "Pertahankan yang berhasil. Tinggalkan sisanya.",
                "Bagikan apa yang Anda pelajari, sejak awal dan terbuka.",
                "Ide terbaik datang dari orang yang memakainya.",
            ],
            topic_points: ["{t}: yang perlu Anda ketahui.", "{t}: inilah yang berubah."],
            closers: ["Ikuti {b} untuk info lainnya.", "Simpan untuk nanti.", "Sekarang giliran Anda."],
        },
    ),
    (
        "ms",
        Phrases {
            fallback: "Berita terbaru kami",
            points: [
                "Mulakan dengan masalah, bukan dengan alat.",
                "Langkah kecil yang kerap mengatasi rancangan besar.",
                "Ukur apa yang berubah bagi orang yang anda layani.",
                "Kekalkan yang berkesan. Tinggalkan selebihnya.",
                "Kongsi apa yang anda pelajari, awal dan secara terbuka.",
                "Idea terbaik datang daripada mereka yang menggunakannya.",
            ],
            topic_points: ["{t}: apa yang anda perlu tahu.", "{t}: inilah yang berubah."],
            closers: ["Ikuti {b} untuk lebih banyak kandungan.", "Simpan untuk nanti.", "Kini giliran anda."],
        },
    ),
    (
        "vi",
        Phrases {
            fallback: "Tin mới nhất của chúng tôi",
            points: [
                "Bắt đầu từ vấn đề, không phải từ công cụ.",
                "Những bước nhỏ, đều đặn, hơn hẳn kế hoạch lớn.",
                "Đo lường điều gì thay đổi với những người bạn phục vụ.",
                "Giữ lại điều hiệu quả. Bỏ đi phần còn lại.",
                "Chia sẻ điều bạn học được, sớm và cởi mở.",
                "Ý tưởng hay nhất đến từ chính người dùng chúng.",
            ],
            topic_points: ["{t}: những điều bạn cần biết.", "{t}: điều gì thay đổi."],
            closers: ["Theo dõi {b} để xem thêm.", "Lưu lại xem sau.", "Giờ đến lượt bạn."],
        },
    ),
    (
        "th",
        Phrases {
            fallback: "ข่าวล่าสุดของเรา",
            points: [
                "เริ่มจากปัญหา ไม่ใช่เครื่องมือ",
                "ก้าวเล็ก ๆ ที่ทำบ่อย ๆ ชนะแผนใหญ่",
                "วัดว่าอะไรเปลี่ยนไปสำหรับคนที่คุณทำงานให้",
                "เก็บสิ่งที่ได้ผล ทิ้งสิ่งที่เหลือ",
                "แบ่งปันสิ่งที่คุณได้เรียนรู้ ตั้งแต่เนิ่น ๆ และอย่างเปิดเผย",
                "ไอเดียที่ดีที่สุดมาจากคนที่ใช้มัน",
            ],
            topic_points: ["{t}: สิ่งที่คุณควรรู้", "{t}: สิ่งที่เปลี่ยนไป"],
            closers: ["ติดตาม {b} เพื่อดูเพิ่มเติม", "เซฟไว้ดูทีหลัง", "ถึงตาคุณแล้ว"],
        },
    ),
    (
        "zh",
        Phrases {
            fallback: "我们的最新动态",
            points: [
                "从问题出发，而不是从工具出发。",
                "小步快跑，胜过宏大计划。",
                "衡量你所服务的人真正得到了什么改变。",
                "保留有效的，放下其余的。",
                "尽早、公开地分享你学到的东西。",
                "最好的想法，来自真正使用它的人。",
            ],
            topic_points: ["{t}：你需要知道的事。", "{t}：有哪些改变。"],
            closers: ["关注{b}，看更多内容。", "收藏起来慢慢看。", "现在轮到你了。"],
        },
    ),
    (
        "ja",
        Phrases {
            fallback: "最新のお知らせ",
            points: [
                "道具からではなく、課題から始めよう。",
                "小さな一歩を何度も。大きな計画よりも強い。",
                "届けたい人にとって何が変わるかを測ろう。",
                "うまくいくものは残し、それ以外は手放す。",
                "学んだことは、早めにオープンに共有しよう。",
                "最高のアイデアは、実際に使う人から生まれる。",
            ],
            topic_points: ["{t}：知っておきたいこと。", "{t}：何が変わるのか。"],
            closers: ["{b}をフォローして続きをチェック。", "保存してあとで見返そう。", "次はあなたの番です。"],
        },
    ),
    (
        "ko",
        Phrases {
            fallback: "최신 소식",
            points: [
                "도구가 아니라 문제에서 시작하세요.",
                "작고 잦은 걸음이 큰 계획을 이깁니다.",
                "여러분이 돕는 사람들에게 무엇이 달라지는지 측정하세요.",
                "잘되는 건 남기고, 나머지는 내려놓으세요.",
                "배운 것은 일찍, 그리고 열린 마음으로 나누세요.",
                "가장 좋은 아이디어는 직접 쓰는 사람들에게서 나옵니다.",
            ],
            topic_points: ["{t}: 꼭 알아야 할 것.", "{t}: 무엇이 달라지나요?"],
            closers: [
                "{b} 계정을 팔로우하고 더 많은 소식을 받아 보세요.",
                "저장해 두고 나중에 보세요.",
                "이제 여러분 차례예요.",
            ],
        },
    ),
    (
        "sw",
        Phrases {
            fallback: "Habari zetu mpya",
            points: [
                "Anza na tatizo, si na kifaa.",
                "Hatua ndogo za mara kwa mara hushinda mipango mikubwa.",
                "Pima kinachobadilika kwa watu unaowahudumia.",
                "Baki na kinachofanya kazi. Acha vingine.",
                "Shiriki unachojifunza, mapema na kwa uwazi.",
                "Mawazo bora hutoka kwa wanaoyatumia.",
            ],
            topic_points: ["{t}: unachohitaji kujua.", "{t}: hiki ndicho kinachobadilika."],
            closers: ["Fuatilia {b} upate zaidi.", "Hifadhi kwa baadaye.", "Sasa ni zamu yako."],
        },
    ),
];
