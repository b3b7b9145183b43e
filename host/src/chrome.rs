//! The words around a page's content — its buttons and who it is from — as a native reader of
//! each of the 23 languages expects them on a page. Languages that decline names (Polish,
//! Russian, Ukrainian, Turkish, Korean, Bengali, Arabic) label the sender and recipient instead
//! of putting the names after a preposition, so no name is left in the wrong case.

/// A page's chrome in one language. Templates name their blanks `{from}`, `{to}`, `{brand}`.
#[derive(Debug)]
pub struct Chrome {
    pub play: &'static str,
    pub pause: &'static str,
    pub share: &'static str,
    pub copied: &'static str,
    pub copy_link: &'static str,
    pub post_on_x: &'static str,
    pub from_to: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub by: &'static str,
    pub more_from_brand: &'static str,
}

macro_rules! chrome {
    ($play:expr, $pause:expr, $share:expr, $copied:expr, $copy:expr, $post:expr,
     $from_to:expr, $from:expr, $to:expr, $by:expr, $more:expr) => {
        Chrome {
            play: $play,
            pause: $pause,
            share: $share,
            copied: $copied,
            copy_link: $copy,
            post_on_x: $post,
            from_to: $from_to,
            from: $from,
            to: $to,
            by: $by,
            more_from_brand: $more,
        }
    };
}

const EN: Chrome = chrome!(
    "Play",
    "Pause",
    "Share",
    "Link copied",
    "Copy link",
    "Post on X",
    "From {from} for {to}",
    "From {from}",
    "For {to}",
    "By {brand}",
    "More from this brand"
);

const BY_LANGUAGE: &[(&str, Chrome)] = &[
    ("en", EN),
    (
        "es",
        chrome!(
            "Reproducir",
            "Pausa",
            "Compartir",
            "Enlace copiado",
            "Copiar enlace",
            "Publicar en X",
            "De {from} para {to}",
            "De {from}",
            "Para {to}",
            "De {brand}",
            "Más de esta marca"
        ),
    ),
    (
        "pt",
        chrome!(
            "Reproduzir",
            "Pausar",
            "Compartilhar",
            "Link copiado",
            "Copiar link",
            "Publicar no X",
            "De {from} para {to}",
            "De {from}",
            "Para {to}",
            "De {brand}",
            "Mais desta marca"
        ),
    ),
    (
        "fr",
        chrome!(
            "Lecture",
            "Pause",
            "Partager",
            "Lien copié",
            "Copier le lien",
            "Publier sur X",
            "De la part de {from}, pour {to}",
            "De la part de {from}",
            "Pour {to}",
            "Par {brand}",
            "Plus de cette marque"
        ),
    ),
    (
        "de",
        chrome!(
            "Abspielen",
            "Pause",
            "Teilen",
            "Link kopiert",
            "Link kopieren",
            "Auf X posten",
            "Von {from} für {to}",
            "Von {from}",
            "Für {to}",
            "Von {brand}",
            "Mehr von dieser Marke"
        ),
    ),
    (
        "it",
        chrome!(
            "Riproduci",
            "Pausa",
            "Condividi",
            "Link copiato",
            "Copia link",
            "Pubblica su X",
            "Da {from} per {to}",
            "Da {from}",
            "Per {to}",
            "Di {brand}",
            "Altro da questo brand"
        ),
    ),
    (
        "nl",
        chrome!(
            "Afspelen",
            "Pauze",
            "Delen",
            "Link gekopieerd",
            "Link kopiëren",
            "Plaatsen op X",
            "Van {from} voor {to}",
            "Van {from}",
            "Voor {to}",
            "Door {brand}",
            "Meer van dit merk"
        ),
    ),
    (
        "pl",
        chrome!(
            "Odtwórz",
            "Pauza",
            "Udostępnij",
            "Link skopiowany",
            "Kopiuj link",
            "Opublikuj na X",
            "Od: {from} · Dla: {to}",
            "Od: {from}",
            "Dla: {to}",
            "Autor: {brand}",
            "Więcej od tej marki"
        ),
    ),
    (
        "tr",
        chrome!(
            "Oynat",
            "Duraklat",
            "Paylaş",
            "Bağlantı kopyalandı",
            "Bağlantıyı kopyala",
            "X'te paylaş",
            "Gönderen: {from} · Alıcı: {to}",
            "Gönderen: {from}",
            "Alıcı: {to}",
            "{brand} tarafından",
            "Bu markadan daha fazlası"
        ),
    ),
    (
        "ru",
        chrome!(
            "Слушать",
            "Пауза",
            "Поделиться",
            "Ссылка скопирована",
            "Копировать ссылку",
            "Опубликовать в X",
            "От: {from} · Для: {to}",
            "От: {from}",
            "Для: {to}",
            "Автор: {brand}",
            "Ещё от этого бренда"
        ),
    ),
    (
        "uk",
        chrome!(
            "Слухати",
            "Пауза",
            "Поділитися",
            "Посилання скопійовано",
            "Копіювати посилання",
            "Опублікувати в X",
            "Від: {from} · Для: {to}",
            "Від: {from}",
            "Для: {to}",
            "Автор: {brand}",
            "Більше від цього бренду"
        ),
    ),
    (
        "ar",
        chrome!(
            "تشغيل",
            "إيقاف مؤقت",
            "مشاركة",
            "تم نسخ الرابط",
            "نسخ الرابط",
            "انشر على X",
            "من: {from} · إلى: {to}",
            "من: {from}",
            "إلى: {to}",
            "بواسطة {brand}",
            "المزيد من هذه العلامة"
        ),
    ),
    (
        "fa",
        chrome!(
            "پخش",
            "توقف",
            "اشتراک‌گذاری",
            "پیوند کپی شد",
            "کپی پیوند",
            "انتشار در X",
            "از طرف {from} برای {to}",
            "از طرف {from}",
            "برای {to}",
            "از {brand}",
            "بیشتر از این برند"
        ),
    ),
    (
        "hi",
        chrome!(
            "चलाएँ",
            "रोकें",
            "शेयर करें",
            "लिंक कॉपी हो गया",
            "लिंक कॉपी करें",
            "X पर पोस्ट करें",
            "{from} की ओर से, {to} के लिए",
            "{from} की ओर से",
            "{to} के लिए",
            "{brand} की ओर से",
            "इस ब्रांड से और"
        ),
    ),
    (
        "bn",
        chrome!(
            "চালান",
            "থামান",
            "শেয়ার করুন",
            "লিংক কপি হয়েছে",
            "লিংক কপি করুন",
            "X-এ পোস্ট করুন",
            "প্রেরক: {from} · প্রাপক: {to}",
            "প্রেরক: {from}",
            "প্রাপক: {to}",
            "নির্মাতা: {brand}",
            "এই ব্র্যান্ডের আরও"
        ),
    ),
    (
        "id",
        chrome!(
            "Putar",
            "Jeda",
            "Bagikan",
            "Tautan disalin",
            "Salin tautan",
            "Posting di X",
            "Dari {from} untuk {to}",
            "Dari {from}",
            "Untuk {to}",
            "Oleh {brand}",
            "Lainnya dari brand ini"
        ),
    ),
    (
        "ms",
        chrome!(
            "Main",
            "Jeda",
            "Kongsi",
            "Pautan disalin",
            "Salin pautan",
            "Siarkan di X",
            "Daripada {from} untuk {to}",
            "Daripada {from}",
            "Untuk {to}",
            "Oleh {brand}",
            "Lagi daripada jenama ini"
        ),
    ),
    (
        "vi",
        chrome!(
            "Phát",
            "Tạm dừng",
            "Chia sẻ",
            "Đã sao chép liên kết",
            "Sao chép liên kết",
            "Đăng lên X",
            "Từ {from} gửi {to}",
            "Từ {from}",
            "Gửi {to}",
            "Của {brand}",
            "Xem thêm từ thương hiệu này"
        ),
    ),
    (
        "th",
        chrome!(
            "เล่น",
            "หยุดชั่วคราว",
            "แชร์",
            "คัดลอกลิงก์แล้ว",
            "คัดลอกลิงก์",
            "โพสต์บน X",
            "จาก {from} ถึง {to}",
            "จาก {from}",
            "ถึง {to}",
            "โดย {brand}",
            "ดูเพิ่มเติมจากแบรนด์นี้"
        ),
    ),
    (
        "zh",
        chrome!(
            "播放",
            "暂停",
            "分享",
            "链接已复制",
            "复制链接",
            "发布到 X",
            "来自{from}，致{to}",
            "来自{from}",
            "致{to}",
            "{brand}出品",
            "查看该品牌的更多内容"
        ),
    ),
    (
        "ja",
        chrome!(
            "再生",
            "一時停止",
            "共有",
            "リンクをコピーしました",
            "リンクをコピー",
            "Xに投稿",
            "{from}より　{to}へ",
            "{from}より",
            "{to}へ",
            "{brand}より",
            "このブランドの投稿をもっと見る"
        ),
    ),
    (
        "ko",
        chrome!(
            "재생",
            "일시정지",
            "공유",
            "링크를 복사했습니다",
            "링크 복사",
            "X에 게시",
            "보낸 사람: {from} · 받는 사람: {to}",
            "보낸 사람: {from}",
            "받는 사람: {to}",
            "제작: {brand}",
            "이 브랜드의 콘텐츠 더 보기"
        ),
    ),
    (
        "sw",
        chrome!(
            "Cheza",
            "Sitisha",
            "Shiriki",
            "Kiungo kimenakiliwa",
            "Nakili kiungo",
            "Chapisha kwenye X",
            "Kutoka kwa {from} kwa {to}",
            "Kutoka kwa {from}",
            "Kwa {to}",
            "Na {brand}",
            "Zaidi kutoka kwa chapa hii"
        ),
    ),
];

/// The chrome of `language` (a code), English for any other.
pub fn of(language: &str) -> &'static Chrome {
    BY_LANGUAGE.iter().find(|(code, _)| *code == language).map_or(&EN, |(_, chrome)| chrome)
}

/// "Transcript", the heading of a page's words in full, as `language` says it.
pub fn transcript(language: &str) -> &'static str {
    match language {
        "es" => "Transcripción",
        "pt" => "Transcrição",
        "fr" => "Transcription",
        "de" => "Transkript",
        "it" => "Trascrizione",
        "nl" => "Transcript",
        "pl" => "Transkrypcja",
        "tr" => "Metin dökümü",
        "ru" => "Расшифровка",
        "uk" => "Розшифровка",
        "ar" => "النص الكامل",
        "fa" => "متن کامل",
        "hi" => "ट्रांसक्रिप्ट",
        "bn" => "প্রতিলিপি",
        "id" => "Transkrip",
        "ms" => "Transkrip",
        "vi" => "Bản ghi lời",
        "th" => "ถอดความ",
        "zh" => "文字稿",
        "ja" => "文字起こし",
        "ko" => "대본",
        "sw" => "Nakala",
        _ => "Transcript",
    }
}

/// A template's text around its one blank `{name}`: (before, after). A template without it is
/// all before.
pub fn around<'a>(template: &'a str, name: &str) -> (&'a str, &'a str) {
    template.split_once(&format!("{{{name}}}")).unwrap_or((template, ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_chrome_and_every_template_its_blanks() {
        for language in &crate::languages::LANGUAGES {
            let chrome = of(language.code);
            if language.code != "en" {
                assert!(!std::ptr::eq(chrome, &EN) && chrome.play != EN.play, "{}", language.code);
            }
            assert!(chrome.from_to.contains("{from}") && chrome.from_to.contains("{to}"), "{}", language.code);
            assert!(chrome.from.contains("{from}") && chrome.to.contains("{to}"), "{}", language.code);
            assert!(chrome.by.contains("{brand}"), "{}", language.code);
            assert!(language.code == "en" || language.code == "nl" || transcript(language.code) != "Transcript");
        }
        assert_eq!(around("Von {from} für {to}", "from"), ("Von ", " für {to}"));
    }
}
