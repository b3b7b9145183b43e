//! The meme generator's phrase tables, one per language, each in its own script. The user's
//! topic is inserted as written; the phrases around it carry the format and the language.

/// The phrases of one language.
pub struct Phrases {
    /// Top lines of the image format ("Nobody:").
    pub tops: [&'static str; 2],
    /// Openers of the image format's bottom line ("Also me:"), followed by the topic.
    pub bottoms: [&'static str; 2],
    /// Opener and closer of a confession.
    pub confess: (&'static str, &'static str),
    /// Openers of a hot take ("Hot take:").
    pub take_open: [&'static str; 2],
    /// Closers of a hot take ("is overrated."), after the topic.
    pub take_close: [&'static str; 2],
    /// Replies to a post.
    pub replies: [&'static str; 2],
    /// Carousel title suffix ("a thread").
    pub thread: &'static str,
    /// Carousel cards after the title.
    pub cards: [&'static str; 3],
}

/// Every language the generator writes: ISO 639-1 code and its phrases.
pub const TABLES: [(&str, Phrases); 23] = [
    (
        "en",
        Phrases {
            tops: ["Nobody:", "Me at 3 a.m.:"],
            bottoms: ["Also me:", "Still thinking about"],
            confess: ("Confession:", "and I'm not sorry."),
            take_open: ["Hot take:", "Unpopular opinion:"],
            take_close: ["is overrated.", "will win this year."],
            replies: ["This. Exactly this.", "Bold of you to say it out loud."],
            thread: "a thread",
            cards: ["It starts small.", "Then it clicks.", "Save this."],
        },
    ),
    (
        "es",
        Phrases {
            tops: ["Nadie:", "Yo a las 3 de la mañana:"],
            bottoms: ["También yo:", "Todavía pensando en"],
            confess: ("Confieso:", "y no me arrepiento."),
            take_open: ["Opinión polémica:", "Opinión impopular:"],
            take_close: ["está sobrevalorado.", "va a ganar este año."],
            replies: ["Esto. Exactamente esto.", "Qué valiente decirlo en voz alta."],
            thread: "un hilo",
            cards: ["Empieza poco a poco.", "Luego todo encaja.", "Guárdalo."],
        },
    ),
    (
        "pt",
        Phrases {
            tops: ["Ninguém:", "Eu às 3 da manhã:"],
            bottoms: ["Também eu:", "Ainda pensando em"],
            confess: ("Confesso:", "e não me arrependo."),
            take_open: ["Opinião polêmica:", "Opinião impopular:"],
            take_close: ["é superestimado.", "vai vencer este ano."],
            replies: ["Isso. Exatamente isso.", "Que coragem dizer isso em voz alta."],
            thread: "um fio",
            cards: ["Começa pequeno.", "Depois tudo se encaixa.", "Salve isto."],
        },
    ),
    (
        "fr",
        Phrases {
            tops: ["Personne :", "Moi à 3 h du matin :"],
            bottoms: ["Moi aussi :", "Je pense encore à"],
            confess: ("J'avoue :", "et je ne regrette rien."),
            take_open: ["Avis tranché :", "Opinion impopulaire :"],
            take_close: ["est surcoté.", "va gagner cette année."],
            replies: ["Ça. Exactement ça.", "Courageux de le dire tout haut."],
            thread: "un fil",
            cards: ["Ça commence petit.", "Puis tout s'éclaire.", "Garde-le."],
        },
    ),
    (
        "de",
        Phrases {
            tops: ["Niemand:", "Ich um 3 Uhr nachts:"],
            bottoms: ["Auch ich:", "Denke immer noch an"],
            confess: ("Ich gestehe:", "und es tut mir nicht leid."),
            take_open: ["Steile These:", "Unpopuläre Meinung:"],
            take_close: ["wird überschätzt.", "gewinnt dieses Jahr."],
            replies: ["Das. Genau das.", "Mutig, das laut zu sagen."],
            thread: "ein Thread",
            cards: ["Es fängt klein an.", "Dann macht es klick.", "Speicher dir das."],
        },
    ),
    (
        "it",
        Phrases {
            tops: ["Nessuno:", "Io alle 3 di notte:"],
            bottoms: ["Anche io:", "Ancora a pensare a"],
            confess: ("Lo confesso:", "e non mi pento."),
            take_open: ["Opinione scomoda:", "Opinione impopolare:"],
            take_close: ["è sopravvalutato.", "vincerà quest'anno."],
            replies: ["Questo. Esattamente questo.", "Coraggioso dirlo ad alta voce."],
            thread: "un thread",
            cards: ["Si comincia in piccolo.", "Poi tutto torna.", "Salvalo."],
        },
    ),
    (
        "nl",
        Phrases {
            tops: ["Niemand:", "Ik om 3 uur 's nachts:"],
            bottoms: ["Ik ook:", "Nog steeds bezig met"],
            confess: ("Ik beken:", "en ik heb geen spijt."),
            take_open: ["Gewaagde mening:", "Impopulaire mening:"],
            take_close: ["wordt overschat.", "wint dit jaar."],
            replies: ["Dit. Precies dit.", "Dapper om dat hardop te zeggen."],
            thread: "een draadje",
            cards: ["Het begint klein.", "Dan valt alles op zijn plek.", "Bewaar dit."],
        },
    ),
    (
        "pl",
        Phrases {
            tops: ["Nikt:", "Ja o trzeciej w nocy:"],
            bottoms: ["Ja też:", "Wciąż myślę o"],
            confess: ("Przyznaję:", "i wcale nie żałuję."),
            take_open: ["Odważna teza:", "Niepopularna opinia:"],
            take_close: ["jest przereklamowane.", "wygra w tym roku."],
            replies: ["To. Dokładnie to.", "Odważnie powiedzieć to na głos."],
            thread: "wątek",
            cards: ["Zaczyna się od małego.", "Potem wszystko się układa.", "Zapisz to."],
        },
    ),
    (
        "tr",
        Phrases {
            tops: ["Kimse:", "Gece saat 3'te ben:"],
            bottoms: ["Ben de:", "Hâlâ aklımda:"],
            confess: ("İtiraf ediyorum:", "ve hiç pişman değilim."),
            take_open: ["Cesur fikir:", "Aykırı görüş:"],
            take_close: ["abartılıyor.", "bu yıl kazanacak."],
            replies: ["İşte bu. Tam olarak bu.", "Bunu yüksek sesle söylemek cesaret ister."],
            thread: "bir flood",
            cards: ["Küçük başlar.", "Sonra her şey yerine oturur.", "Bunu kaydet."],
        },
    ),
    (
        "ru",
        Phrases {
            tops: ["Никто:", "Я в три часа ночи:"],
            bottoms: ["Тоже я:", "Всё ещё думаю про"],
            confess: ("Признаюсь:", "и ни о чём не жалею."),
            take_open: ["Смелое мнение:", "Непопулярное мнение:"],
            take_close: ["переоценено.", "выиграет в этом году."],
            replies: ["Вот. Именно это.", "Смело говорить такое вслух."],
            thread: "тред",
            cards: ["Всё начинается с малого.", "Потом всё складывается.", "Сохрани себе."],
        },
    ),
    (
        "uk",
        Phrases {
            tops: ["Ніхто:", "Я о третій ночі:"],
            bottoms: ["Теж я:", "Досі думаю про"],
            confess: ("Зізнаюся:", "і ні про що не шкодую."),
            take_open: ["Смілива думка:", "Непопулярна думка:"],
            take_close: ["переоцінене.", "переможе цього року."],
            replies: ["Ось. Саме це.", "Сміливо казати таке вголос."],
            thread: "тред",
            cards: ["Усе починається з малого.", "Потім усе складається.", "Збережи собі."],
        },
    ),
    (
        "ar",
        Phrases {
            tops: ["لا أحد:", "أنا في الثالثة فجرًا:"],
            bottoms: ["وأنا أيضًا:", "ما زلت أفكر في"],
            confess: ("أعترف:", "ولست نادمًا."),
            take_open: ["رأي جريء:", "رأي غير شائع:"],
            take_close: ["مبالغ في تقديره.", "سيفوز هذا العام."],
            replies: ["هذا بالضبط.", "جرأة أن تقولها بصوت عالٍ."],
            thread: "سلسلة تغريدات",
            cards: ["البداية صغيرة.", "ثم يتضح كل شيء.", "احفظ هذا."],
        },
    ),
    (
        "fa",
        Phrases {
            tops: ["هیچ‌کس:", "من ساعت سه بامداد:"],
            bottoms: ["من هم:", "هنوز دارم فکر می‌کنم به"],
            confess: ("اعتراف می‌کنم:", "و پشیمان نیستم."),
            take_open: ["نظر جسورانه:", "نظر نامحبوب:"],
            take_close: ["بیش از حد بزرگ شده.", "امسال برنده می‌شود."],
            replies: ["همین. دقیقاً همین.", "چه جسارتی که بلند گفتی."],
            thread: "یک رشته",
            cards: ["از چیزی کوچک شروع می‌شود.", "بعد همه‌چیز جا می‌افتد.", "این را ذخیره کن."],
        },
    ),
    (
        "hi",
        Phrases {
            tops: ["कोई नहीं:", "रात के तीन बजे मैं:"],
            bottoms: ["और मैं भी:", "अब भी सोच रहा हूँ"],
            confess: ("मैं मानता हूँ:", "और मुझे कोई अफ़सोस नहीं।"),
            take_open: ["बेबाक राय:", "अलोकप्रिय राय:"],
            take_close: ["को ज़रूरत से ज़्यादा आँका जाता है।", "इस साल जीतेगा।"],
            replies: ["यही। बिल्कुल यही।", "इसे खुलकर कहने की हिम्मत चाहिए।"],
            thread: "एक थ्रेड",
            cards: ["शुरुआत छोटी होती है।", "फिर सब समझ आता है।", "इसे सेव कर लो।"],
        },
    ),
    (
        "bn",
        Phrases {
            tops: ["কেউ না:", "রাত তিনটায় আমি:"],
            bottoms: ["আমিও:", "এখনও ভাবছি"],
            confess: ("স্বীকার করছি:", "আর আমার কোনো আফসোস নেই।"),
            take_open: ["সাহসী মত:", "অজনপ্রিয় মত:"],
            take_close: ["অতিমূল্যায়িত।", "এ বছর জিতবে।"],
            replies: ["এটাই। ঠিক এটাই।", "জোরে বলার সাহস আছে তোমার।"],
            thread: "একটি থ্রেড",
            cards: ["শুরুটা ছোট।", "তারপর সব মিলে যায়।", "এটা সেভ করে রাখো।"],
        },
    ),
    (
        "id",
        Phrases {
            tops: ["Tidak ada yang:", "Aku jam 3 pagi:"],
            bottoms: ["Aku juga:", "Masih kepikiran"],
            confess: ("Aku mengaku:", "dan aku tidak menyesal."),
            take_open: ["Pendapat berani:", "Pendapat tidak populer:"],
            take_close: ["terlalu dibesar-besarkan.", "akan menang tahun ini."],
            replies: ["Ini. Persis ini.", "Berani banget bilang ini terang-terangan."],
            thread: "sebuah utas",
            cards: ["Awalnya kecil.", "Lalu semuanya masuk akal.", "Simpan ini."],
        },
    ),
    (
        "ms",
        Phrases {
            tops: ["Tiada siapa:", "Saya pukul 3 pagi:"],
            bottoms: ["Saya pun:", "Masih terfikir tentang"],
            confess: ("Saya mengaku:", "dan saya tidak menyesal."),
            take_open: ["Pendapat berani:", "Pendapat tidak popular:"],
            take_close: ["terlalu diagung-agungkan.", "akan menang tahun ini."],
            replies: ["Ini. Tepat sekali.", "Berani betul cakap kuat-kuat."],
            thread: "satu bebenang",
            cards: ["Bermula kecil.", "Kemudian semuanya jelas.", "Simpan ini."],
        },
    ),
    (
        "vi",
        Phrases {
            tops: ["Không ai cả:", "Tôi lúc 3 giờ sáng:"],
            bottoms: ["Cũng là tôi:", "Vẫn đang nghĩ về"],
            confess: ("Thú thật:", "và tôi không hối hận."),
            take_open: ["Quan điểm gây tranh cãi:", "Ý kiến trái chiều:"],
            take_close: ["được đánh giá quá cao.", "sẽ thắng năm nay."],
            replies: ["Đúng. Chính xác là vậy.", "Dám nói to điều này thật can đảm."],
            thread: "một chuỗi bài",
            cards: ["Bắt đầu từ điều nhỏ.", "Rồi mọi thứ sáng tỏ.", "Lưu lại nhé."],
        },
    ),
    (
        "th",
        Phrases {
            tops: ["ไม่มีใคร:", "ฉันตอนตีสาม:"],
            bottoms: ["ฉันด้วย:", "ยังคิดถึง"],
            confess: ("สารภาพเลย:", "และไม่เสียใจเลย"),
            take_open: ["ความเห็นแรง ๆ:", "ความเห็นที่ไม่ค่อยมีใครชอบ:"],
            take_close: ["ถูกยกย่องเกินจริง", "จะชนะปีนี้"],
            replies: ["นี่แหละ ใช่เลย", "กล้ามากที่พูดออกมาดัง ๆ"],
            thread: "เธรด",
            cards: ["เริ่มจากเรื่องเล็ก ๆ", "แล้วทุกอย่างก็ชัดเจน", "เซฟเก็บไว้"],
        },
    ),
    (
        "zh",
        Phrases {
            tops: ["没有人：", "凌晨三点的我："],
            bottoms: ["我也是：", "还在想着"],
            confess: ("坦白说：", "而且我不后悔。"),
            take_open: ["大胆观点：", "不受欢迎的观点："],
            take_close: ["被高估了。", "今年会赢。"],
            replies: ["就是这个。完全正确。", "敢大声说出来，佩服。"],
            thread: "一个长帖",
            cards: ["从小事开始。", "然后豁然开朗。", "收藏起来。"],
        },
    ),
    (
        "ja",
        Phrases {
            tops: ["誰も：", "午前3時の私："],
            bottoms: ["私も：", "まだ考えてる："],
            confess: ("白状します：", "後悔はしていません。"),
            take_open: ["大胆な意見：", "不人気な意見："],
            take_close: ["は過大評価されている。", "が今年は勝つ。"],
            replies: ["これ。まさにこれ。", "それを声に出して言うとは。"],
            thread: "スレッド",
            cards: ["最初は小さく。", "やがて全部つながる。", "保存しておいて。"],
        },
    ),
    (
        "ko",
        Phrases {
            tops: ["아무도:", "새벽 3시의 나:"],
            bottoms: ["나도:", "아직도 생각 중:"],
            confess: ("고백하자면:", "후회는 없어."),
            take_open: ["과감한 의견:", "인기 없는 의견:"],
            take_close: ["은 과대평가됐다.", "이 올해 이긴다."],
            replies: ["이거다. 딱 이거.", "이걸 대놓고 말하다니 용기 있네."],
            thread: "스레드",
            cards: ["작게 시작한다.", "그러다 모든 게 맞아떨어진다.", "저장해 둬."],
        },
    ),
    (
        "sw",
        Phrases {
            tops: ["Hakuna mtu:", "Mimi saa tisa usiku:"],
            bottoms: ["Na mimi pia:", "Bado ninawaza kuhusu"],
            confess: ("Nakiri:", "na sijutii hata kidogo."),
            take_open: ["Maoni makali:", "Maoni yasiyopendwa:"],
            take_close: ["kimesifiwa kupita kiasi.", "kitashinda mwaka huu."],
            replies: ["Hii. Hasa hii.", "Ujasiri kusema hili kwa sauti."],
            thread: "mfululizo",
            cards: ["Huanza kidogo.", "Kisha kila kitu kinaeleweka.", "Hifadhi hii."],
        },
    ),
];

/// The phrases for `code`, if the generator writes that language.
pub fn for_language(code: &str) -> Option<&'static Phrases> {
    TABLES.iter().find(|(c, _)| *c == code).map(|(_, p)| p)
}
