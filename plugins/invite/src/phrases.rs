//! The invite generator's phrase tables, one per language, each in its own script. The person's
//! name is inserted as written; counts go into sentences written for each plural form the
//! language has, with `#` where the number stands.

/// A sentence with a count, in each plural form (CLDR's categories). Languages without a form
/// repeat a neighbouring one; the generator picks the form by the language's rule.
pub struct Counted {
    pub one: &'static str,
    pub two: &'static str,
    pub few: &'static str,
    pub many: &'static str,
    pub other: &'static str,
}

/// A sentence whose words do not change with the count.
const fn same(form: &'static str) -> Counted {
    Counted { one: form, two: form, few: form, many: form, other: form }
}

/// A sentence with a singular and a plural.
const fn singular_plural(one: &'static str, other: &'static str) -> Counted {
    Counted { one, two: other, few: other, many: other, other }
}

/// A sentence with the Slavic forms: one (1, 21…), few (2–4, 22–24…), many (the rest).
const fn slavic(one: &'static str, few: &'static str, many: &'static str) -> Counted {
    Counted { one, two: few, few, many, other: many }
}

/// The phrases of one language.
pub struct Phrases {
    /// The title around the name (a proper name, in any script): (before, after).
    pub title: (&'static str, &'static str),
    /// The first line when no name is known, and the title then.
    pub hello: &'static str,
    /// The first line around the name: (before, after).
    pub greet: [(&'static str, &'static str); 2],
    /// What the bot is: their brand, their own voice.
    pub made: [&'static str; 2],
    /// How many free generations they get.
    pub free: Counted,
    /// How many days the link stays valid.
    pub days: Counted,
    /// An optional reassurance, left out when the message would be too long.
    pub extra: [&'static str; 2],
    /// Calls to action.
    pub cta: [&'static str; 3],
}

/// Every language the generator writes: ISO 639-1 code and its phrases.
pub const TABLES: [(&str, Phrases); 23] = [
    (
        "en",
        Phrases {
            title: ("An invite for ", ""),
            hello: "Hi!",
            greet: [("Hi ", ","), ("Hello ", ",")],
            made: [
                "I set up a bot with your brand that writes in your own voice.",
                "I made you a bot that carries your brand and sounds just like you.",
            ],
            free: singular_plural(
                "You get # free generation to try it out.",
                "You get # free generations to try it out.",
            ),
            days: singular_plural("The link below is valid for # day.", "The link below is valid for # days."),
            extra: ["No card needed, no strings attached.", "Nothing to install, no card needed."],
            cta: ["Claim it with one tap.", "Open the link to claim your bot.", "Tap the link and say hi to your bot."],
        },
    ),
    (
        "es",
        Phrases {
            title: ("Una invitación para ", ""),
            hello: "¡Hola!",
            greet: [("Hola, ", ":"), ("¡Hola, ", "!")],
            made: [
                "Preparé un bot con tu marca que escribe con tu propia voz.",
                "Te hice un bot con tu marca que suena igual que tú.",
            ],
            free: singular_plural(
                "Tienes # generación gratis para probarlo.",
                "Tienes # generaciones gratis para probarlo.",
            ),
            days: singular_plural(
                "El enlace de abajo es válido durante # día.",
                "El enlace de abajo es válido durante # días.",
            ),
            extra: ["Sin tarjeta y sin compromiso.", "No hay que instalar nada ni poner tarjeta."],
            cta: ["Reclámalo con un toque.", "Abre el enlace y reclama tu bot.", "Toca el enlace y saluda a tu bot."],
        },
    ),
    (
        "pt",
        Phrases {
            title: ("Um convite para ", ""),
            hello: "Oi!",
            greet: [("Oi, ", "!"), ("Olá, ", "!")],
            made: [
                "Criei um bot com a sua marca que escreve com a sua própria voz.",
                "Fiz para você um bot com a sua marca que fala do seu jeito.",
            ],
            free: singular_plural(
                "Você ganha # geração grátis para testar.",
                "Você ganha # gerações grátis para testar.",
            ),
            days: singular_plural("O link abaixo vale por # dia.", "O link abaixo vale por # dias."),
            extra: ["Sem cartão e sem compromisso.", "Nada para instalar, nenhum cartão."],
            cta: ["Resgate com um toque.", "Abra o link e resgate seu bot.", "Toque no link e diga oi para o seu bot."],
        },
    ),
    (
        "fr",
        Phrases {
            title: ("Une invitation pour ", ""),
            hello: "Bonjour !",
            greet: [("Bonjour ", ","), ("Bonjour ", " !")],
            made: [
                "J'ai créé un bot à votre marque qui écrit avec votre propre voix.",
                "Je vous ai préparé un bot à vos couleurs qui parle exactement comme vous.",
            ],
            free: singular_plural(
                "Vous avez # génération gratuite pour l'essayer.",
                "Vous avez # générations gratuites pour l'essayer.",
            ),
            days: singular_plural("Le lien ci-dessous est valable # jour.", "Le lien ci-dessous est valable # jours."),
            extra: ["Sans carte bancaire, sans engagement.", "Rien à installer, aucune carte demandée."],
            cta: [
                "Récupérez-le en un clic.",
                "Ouvrez le lien pour récupérer votre bot.",
                "Touchez le lien et dites bonjour à votre bot.",
            ],
        },
    ),
    (
        "de",
        Phrases {
            title: ("Eine Einladung für ", ""),
            hello: "Hallo!",
            greet: [("Hallo ", "!"), ("Hi ", "!")],
            made: [
                "Ich habe dir einen Bot mit deiner Marke eingerichtet, der in deiner eigenen Stimme schreibt.",
                "Ich habe dir einen Bot in deinem Branding gebaut, der genau wie du klingt.",
            ],
            free: singular_plural(
                "Du bekommst # kostenlose Generierung zum Ausprobieren.",
                "Du bekommst # kostenlose Generierungen zum Ausprobieren.",
            ),
            days: singular_plural("Der Link unten ist # Tag gültig.", "Der Link unten ist # Tage gültig."),
            extra: ["Keine Karte, keine Verpflichtung.", "Nichts zu installieren, keine Kreditkarte."],
            cta: [
                "Mit einem Tipp einlösen.",
                "Öffne den Link und hol dir deinen Bot.",
                "Tipp auf den Link und sag deinem Bot Hallo.",
            ],
        },
    ),
    (
        "it",
        Phrases {
            title: ("Un invito per ", ""),
            hello: "Ciao!",
            greet: [("Ciao ", "!"), ("Buongiorno ", "!")],
            made: [
                "Ho preparato un bot con il tuo brand che scrive con la tua voce.",
                "Ti ho creato un bot con il tuo marchio che parla proprio come te.",
            ],
            free: singular_plural(
                "Hai # generazione gratuita per provarlo.",
                "Hai # generazioni gratuite per provarlo.",
            ),
            days: singular_plural(
                "Il link qui sotto è valido per # giorno.",
                "Il link qui sotto è valido per # giorni.",
            ),
            extra: ["Niente carta, nessun impegno.", "Niente da installare, nessuna carta richiesta."],
            cta: [
                "Riscattalo con un tocco.",
                "Apri il link e prendi il tuo bot.",
                "Tocca il link e saluta il tuo bot.",
            ],
        },
    ),
    (
        "nl",
        Phrases {
            title: ("Een uitnodiging voor ", ""),
            hello: "Hoi!",
            greet: [("Hoi ", "!"), ("Hallo ", ",")],
            made: [
                "Ik heb een bot met jouw merk voor je gemaakt die schrijft in jouw eigen stem.",
                "Ik heb een bot in jouw huisstijl voor je gebouwd die klinkt zoals jij.",
            ],
            free: singular_plural(
                "Je krijgt # gratis generatie om het uit te proberen.",
                "Je krijgt # gratis generaties om het uit te proberen.",
            ),
            days: singular_plural("De link hieronder is # dag geldig.", "De link hieronder is # dagen geldig."),
            extra: ["Geen creditcard, nergens aan vast.", "Niets te installeren, geen creditcard nodig."],
            cta: [
                "Claim hem met één tik.",
                "Open de link en claim je bot.",
                "Tik op de link en zeg hallo tegen je bot.",
            ],
        },
    ),
    (
        "pl",
        Phrases {
            title: ("Zaproszenie: ", ""),
            hello: "Cześć!",
            greet: [("Cześć, ", "!"), ("Dzień dobry, ", "!")],
            made: [
                "Czeka na Ciebie bot z Twoją marką, który pisze Twoim własnym głosem.",
                "Powstał dla Ciebie bot z Twoją marką, który brzmi dokładnie jak Ty.",
            ],
            free: slavic(
                "Dostajesz # darmową generację na start.",
                "Dostajesz # darmowe generacje na start.",
                "Dostajesz # darmowych generacji na start.",
            ),
            days: slavic(
                "Link poniżej jest ważny przez # dzień.",
                "Link poniżej jest ważny przez # dni.",
                "Link poniżej jest ważny przez # dni.",
            ),
            extra: ["Bez karty i bez zobowiązań.", "Nic nie trzeba instalować ani podawać karty."],
            cta: [
                "Odbierz go jednym dotknięciem.",
                "Otwórz link i odbierz swojego bota.",
                "Kliknij link i przywitaj się ze swoim botem.",
            ],
        },
    ),
    (
        "tr",
        Phrases {
            title: ("", " için bir davet"),
            hello: "Merhaba!",
            greet: [("Merhaba ", ","), ("Selam ", "!")],
            made: [
                "Markanızı taşıyan, sizin sesinizle yazan bir bot hazırladım.",
                "Markanızla, tam sizin gibi konuşan bir bot kurdum.",
            ],
            free: same("Denemeniz için # ücretsiz üretim hakkınız var."),
            days: same("Aşağıdaki bağlantı # gün geçerli."),
            extra: ["Kart yok, taahhüt yok.", "Kurulum yok, kart gerekmiyor."],
            cta: [
                "Tek dokunuşla alın.",
                "Bağlantıyı açıp botunuzu alın.",
                "Bağlantıya dokunun ve botunuza merhaba deyin.",
            ],
        },
    ),
    (
        "ru",
        Phrases {
            title: ("Приглашение: ", ""),
            hello: "Здравствуйте!",
            greet: [("Здравствуйте, ", "!"), ("Добрый день, ", "!")],
            made: [
                "Для вас готов бот с вашим брендом, который пишет вашим собственным голосом.",
                "Вас ждёт бот в вашем фирменном стиле, который звучит точно как вы.",
            ],
            free: slavic(
                "Чтобы попробовать, у вас есть # бесплатная генерация.",
                "Чтобы попробовать, у вас есть # бесплатные генерации.",
                "Чтобы попробовать, у вас есть # бесплатных генераций.",
            ),
            days: slavic(
                "Ссылка ниже действует # день.",
                "Ссылка ниже действует # дня.",
                "Ссылка ниже действует # дней.",
            ),
            extra: ["Без карты и без обязательств.", "Ничего не нужно устанавливать, карта не нужна."],
            cta: [
                "Заберите его в одно касание.",
                "Откройте ссылку и заберите своего бота.",
                "Нажмите на ссылку и поздоровайтесь со своим ботом.",
            ],
        },
    ),
    (
        "uk",
        Phrases {
            title: ("Запрошення: ", ""),
            hello: "Вітаю!",
            greet: [("Вітаю, ", "!"), ("Добрий день, ", "!")],
            made: [
                "Для вас готовий бот із вашим брендом, який пише вашим власним голосом.",
                "На вас чекає бот у вашому фірмовому стилі, який звучить точно як ви.",
            ],
            free: slavic(
                "Щоб спробувати, у вас є # безкоштовна генерація.",
                "Щоб спробувати, у вас є # безкоштовні генерації.",
                "Щоб спробувати, у вас є # безкоштовних генерацій.",
            ),
            days: slavic("Посилання нижче діє # день.", "Посилання нижче діє # дні.", "Посилання нижче діє # днів."),
            extra: ["Без картки й без зобов’язань.", "Нічого не треба встановлювати, картка не потрібна."],
            cta: [
                "Заберіть його одним дотиком.",
                "Відкрийте посилання й заберіть свого бота.",
                "Натисніть на посилання й привітайтеся зі своїм ботом.",
            ],
        },
    ),
    (
        "ar",
        Phrases {
            title: ("دعوة إلى ", ""),
            hello: "مرحبًا!",
            greet: [("مرحبًا ", "،"), ("أهلًا ", "،")],
            made: [
                "جهّزت لكم بوتًا يحمل علامتكم التجارية ويكتب بصوتكم الخاص.",
                "أعددت لكم بوتًا بعلامتكم التجارية يتحدث تمامًا مثلكم.",
            ],
            // Arabic writes one and two in the noun itself, counts 11–99 take the singular
            // accusative, and hundreds the singular.
            free: Counted {
                one: "لديكم عملية توليد مجانية واحدة لتجربته.",
                two: "لديكم عمليتا توليد مجانيتان لتجربته.",
                few: "لديكم # عمليات توليد مجانية لتجربته.",
                many: "لديكم # عملية توليد مجانية لتجربته.",
                other: "لديكم # عملية توليد مجانية لتجربته.",
            },
            days: Counted {
                one: "الرابط أدناه صالح لمدة يوم واحد.",
                two: "الرابط أدناه صالح لمدة يومين.",
                few: "الرابط أدناه صالح لمدة # أيام.",
                many: "الرابط أدناه صالح لمدة # يومًا.",
                other: "الرابط أدناه صالح لمدة # يوم.",
            },
            extra: ["بلا بطاقة وبلا أي التزام.", "لا شيء لتثبيته، ولا حاجة إلى بطاقة."],
            cta: [
                "احصلوا عليه بلمسة واحدة.",
                "افتحوا الرابط واستلموا البوت الخاص بكم.",
                "اضغطوا على الرابط وألقوا التحية على البوت الخاص بكم.",
            ],
        },
    ),
    (
        "fa",
        Phrases {
            title: ("دعوت‌نامه برای ", ""),
            hello: "سلام!",
            greet: [("سلام ", "،"), ("درود بر ", "،")],
            made: [
                "یک بات با برند شما آماده کرده‌ام که با صدای خود شما می‌نویسد.",
                "برایتان باتی با برندتان ساخته‌ام که درست مثل خودتان حرف می‌زند.",
            ],
            free: same("برای امتحان، # تولید رایگان دارید."),
            days: same("لینک زیر # روز اعتبار دارد."),
            extra: ["بدون کارت و بدون هیچ تعهدی.", "نه نصبی لازم است، نه کارتی."],
            cta: [
                "با یک لمس دریافتش کنید.",
                "لینک را باز کنید و بات‌تان را بگیرید.",
                "روی لینک بزنید و به بات‌تان سلام کنید.",
            ],
        },
    ),
    (
        "hi",
        Phrases {
            title: ("", " के लिए न्योता"),
            hello: "नमस्ते!",
            greet: [("नमस्ते ", ","), ("हाय ", ",")],
            made: [
                "आपके ब्रांड वाला एक बॉट तैयार है, जो आपकी अपनी आवाज़ में लिखता है।",
                "आपके लिए आपके ब्रांड का एक बॉट बनाया है, जो बिल्कुल आपकी तरह बोलता है।",
            ],
            free: singular_plural("आज़माने के लिए आपको # मुफ़्त जनरेशन मिलेगा।", "आज़माने के लिए आपको # मुफ़्त जनरेशन मिलेंगे।"),
            days: same("नीचे दिया गया लिंक # दिन तक मान्य है।"),
            extra: ["न कार्ड चाहिए, न कोई शर्त।", "कुछ इंस्टॉल नहीं करना, कार्ड की भी ज़रूरत नहीं।"],
            cta: ["एक टैप में पाएँ।", "लिंक खोलें और अपना बॉट पाएँ।", "लिंक पर टैप करें और अपने बॉट को हैलो कहें।"],
        },
    ),
    (
        "bn",
        Phrases {
            title: ("", "-এর জন্য আমন্ত্রণ"),
            hello: "হ্যালো!",
            greet: [("হ্যালো ", ","), ("হাই ", ",")],
            made: [
                "আপনার ব্র্যান্ডের একটা বট তৈরি করেছি, যা আপনার নিজের কণ্ঠে লেখে।",
                "আপনার জন্য আপনার ব্র্যান্ডের একটা বট বানিয়েছি, যা ঠিক আপনার মতো করে কথা বলে।",
            ],
            free: same("চেষ্টা করে দেখার জন্য আপনি #টি ফ্রি জেনারেশন পাচ্ছেন।"),
            days: same("নিচের লিংকটি # দিন বৈধ থাকবে।"),
            extra: ["কোনো কার্ড লাগবে না, কোনো বাধ্যবাধকতাও নেই।", "কিছু ইনস্টল করতে হবে না, কার্ডও লাগবে না।"],
            cta: ["এক ট্যাপেই নিয়ে নিন।", "লিংক খুলে আপনার বটটি নিয়ে নিন।", "লিংকে ট্যাপ করে আপনার বটকে হ্যালো বলুন।"],
        },
    ),
    (
        "id",
        Phrases {
            title: ("Undangan untuk ", ""),
            hello: "Halo!",
            greet: [("Halo ", ","), ("Hai ", "!")],
            made: [
                "Saya sudah menyiapkan bot dengan merek Anda yang menulis dengan suara Anda sendiri.",
                "Saya membuatkan bot bermerek Anda yang terdengar persis seperti Anda.",
            ],
            free: same("Anda mendapat # generasi gratis untuk mencobanya."),
            days: same("Tautan di bawah berlaku selama # hari."),
            extra: ["Tanpa kartu, tanpa ikatan.", "Tidak perlu memasang apa pun atau memakai kartu."],
            cta: [
                "Klaim dengan sekali ketuk.",
                "Buka tautannya dan klaim bot Anda.",
                "Ketuk tautannya dan sapa bot Anda.",
            ],
        },
    ),
    (
        "ms",
        Phrases {
            title: ("Jemputan untuk ", ""),
            hello: "Hai!",
            greet: [("Hai ", ","), ("Salam ", ",")],
            made: [
                "Saya telah sediakan bot dengan jenama anda yang menulis dengan suara anda sendiri.",
                "Saya buatkan bot berjenama anda yang kedengaran sama seperti anda.",
            ],
            free: same("Anda dapat # penjanaan percuma untuk mencubanya."),
            days: same("Pautan di bawah sah selama # hari."),
            extra: ["Tiada kad, tiada ikatan.", "Tiada apa-apa untuk dipasang, tiada kad diperlukan."],
            cta: ["Tuntut dengan satu ketikan.", "Buka pautan dan tuntut bot anda.", "Ketik pautan dan sapa bot anda."],
        },
    ),
    (
        "vi",
        Phrases {
            title: ("Lời mời gửi ", ""),
            hello: "Chào bạn!",
            greet: [("Chào ", ","), ("Xin chào ", ",")],
            made: [
                "Mình đã tạo cho bạn một bot mang thương hiệu của bạn, viết bằng chính giọng của bạn.",
                "Mình làm cho bạn một bot mang thương hiệu riêng, nói chuyện y như bạn.",
            ],
            free: same("Bạn có # lượt tạo miễn phí để dùng thử."),
            days: same("Đường link bên dưới có hiệu lực trong # ngày."),
            extra: ["Không cần thẻ, không ràng buộc.", "Không cần cài đặt, không cần thẻ."],
            cta: ["Nhận chỉ với một chạm.", "Mở link và nhận bot của bạn.", "Chạm vào link và chào bot của bạn."],
        },
    ),
    (
        "th",
        Phrases {
            title: ("คำเชิญถึง ", ""),
            hello: "สวัสดี",
            greet: [("สวัสดี ", ""), ("หวัดดี ", "")],
            made: ["เราทำบอทที่ใช้แบรนด์ของคุณ และเขียนด้วยน้ำเสียงของคุณเองไว้ให้แล้ว", "มีบอทในแบรนด์ของคุณที่พูดเหมือนคุณเป๊ะรออยู่"],
            free: same("คุณใช้สร้างคอนเทนต์ได้ฟรี # ครั้ง"),
            days: same("ลิงก์ด้านล่างใช้ได้ # วัน"),
            extra: ["ไม่ต้องใช้บัตร ไม่มีข้อผูกมัด", "ไม่ต้องติดตั้งอะไร ไม่ต้องใช้บัตร"],
            cta: ["รับได้ในแตะเดียว", "เปิดลิงก์แล้วรับบอทของคุณได้เลย", "แตะลิงก์แล้วทักทายบอทของคุณ"],
        },
    ),
    (
        "zh",
        Phrases {
            title: ("给", "的邀请"),
            hello: "您好！",
            greet: [("", "，您好！"), ("嗨，", "！")],
            made: [
                "我为您准备了一个带有您品牌的机器人，用您自己的口吻写作。",
                "我给您做了一个品牌专属机器人，说话就像您本人一样。",
            ],
            free: same("您可以免费生成 # 次，先试试看。"),
            days: same("下方链接 # 天内有效。"),
            extra: ["无需绑卡，没有任何附加条件。", "无需安装，也不用绑卡。"],
            cta: ["一键领取。", "打开链接，领取您的机器人。", "点开链接，和您的机器人打个招呼。"],
        },
    ),
    (
        "ja",
        Phrases {
            title: ("", "様へのご招待"),
            hello: "こんにちは！",
            greet: [("", "様、こんにちは。"), ("", "様、はじめまして。")],
            made: [
                "ご自身のブランドで、ご自身の言葉づかいで書くボットをご用意しました。",
                "ブランドにぴったりの、まるでご本人のように話すボットを作りました。",
            ],
            free: same("お試しとして、無料で#回生成できます。"),
            days: same("下のリンクの有効期限は#日間です。"),
            extra: ["カード登録は不要、縛りもありません。", "インストールもカードも不要です。"],
            cta: [
                "ワンタップで受け取れます。",
                "リンクを開いてボットを受け取ってください。",
                "リンクをタップして、ボットにあいさつしてみてください。",
            ],
        },
    ),
    (
        "ko",
        Phrases {
            title: ("", "님께 드리는 초대"),
            hello: "안녕하세요!",
            greet: [("", "님, 안녕하세요!"), ("안녕하세요, ", "님!")],
            made: [
                "브랜드를 입히고 본인의 목소리로 글을 쓰는 봇을 준비했어요.",
                "브랜드를 담아 꼭 본인처럼 말하는 봇을 만들어 두었어요.",
            ],
            free: same("무료 생성 #회로 먼저 써 보세요."),
            days: same("아래 링크는 #일 동안 유효해요."),
            extra: ["카드 등록도, 약정도 없어요.", "설치할 것도, 카드도 필요 없어요."],
            cta: ["한 번의 탭으로 받아 가세요.", "링크를 열고 봇을 받아 가세요.", "링크를 눌러 봇에게 인사해 보세요."],
        },
    ),
    (
        "sw",
        Phrases {
            title: ("Mwaliko kwa ", ""),
            hello: "Habari!",
            greet: [("Habari ", ","), ("Hujambo ", "!")],
            made: [
                "Nimekuandalia boti yenye chapa yako inayoandika kwa sauti yako mwenyewe.",
                "Nimekutengenezea boti ya chapa yako inayozungumza kama wewe kabisa.",
            ],
            free: singular_plural(
                "Unapata nafasi # ya bure ya kutengeneza maudhui.",
                "Unapata nafasi # za bure za kutengeneza maudhui.",
            ),
            days: same("Kiungo kilicho hapa chini ni halali kwa siku #."),
            extra: ["Hakuna kadi, hakuna masharti.", "Hakuna cha kusakinisha, wala kadi."],
            cta: ["Ipokee kwa mguso mmoja.", "Fungua kiungo upokee boti yako.", "Gusa kiungo na uisalimie boti yako."],
        },
    ),
];

/// The phrases for `code`, if the generator writes that language.
pub fn for_language(code: &str) -> Option<&'static Phrases> {
    TABLES.iter().find(|(c, _)| *c == code).map(|(_, p)| p)
}
