//! Malay.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "ms",
    unnamed: Unnamed {
        product: "aplikasi ini",
        company: "pasukan ini",
        person: "pencipta kandungan ini",
        idea: "idea ini",
    },
    domains: [
        // ai
        Domain {
            chores: ["buat kerja mesin secara manual", "betulkan arahan sepanjang hari"],
            pains: ["Tanya pembantu maya soalan sama, kali kelima.", "Tulis semula arahan. Lagi sekali."],
            gains: ["Semuanya siap masa aku tidur.", "Satu arahan. Siap sebelum tengah hari."],
        },
        // software
        Domain {
            chores: ["melompat antara dua belas tab", "salin-tampal antara aplikasi"],
            pains: ["Eksport CSV cuma nak tampal di aplikasi lain.", "Dua belas tab terbuka, satu pun tak betul."],
            gains: ["Akhirnya, semua dalam satu tempat.", "Tetapkan sekali. Lepas tu jalan sendiri."],
        },
        // finance
        Domain {
            chores: ["mengejar invois tertunggak", "buat akaun malam Ahad"],
            pains: ["Peringatan ketiga untuk invois yang sama.", "Malam Ahad, akaun terbuka, resit bersepah."],
            gains: ["Dibayar tepat masa, tak perlu minta dua kali.", "Akaun bulan ni siap sendiri."],
        },
        // crypto
        Domain {
            chores: ["tunggu pindahan bank tiga hari", "bayar caj untuk duit sendiri"],
            pains: ["Buka aplikasi bank lagi. Duit dah masuk belum?", "Kena caj nak hantar duit sendiri. Lagi."],
            gains: ["Hantar, masuk, siap dalam beberapa saat.", "Duit sendiri, bergerak sepantas internet."],
        },
        // marketing
        Domain {
            chores: ["buat hantaran yang sepi sambutan", "meneka apa yang audiens mahu"],
            pains: ["Asyik tengok hantaran yang dapat empat suka.", "Tiga jam fikir kapsyen. Sebelas tontonan."],
            gains: ["Hantaran yang orang betul-betul kongsi.", "Kali ni, audiens yang datang cari kita."],
        },
        // sales
        Domain {
            chores: ["hantar emel yang tak dibuka orang", "kejar susulan yang tak ke mana"],
            pains: ["Hantar emel susulan yang keenam.", "Satu lagi demo, satu lagi “nanti saya fikir”."],
            gains: ["Balasan yang bermula dengan “boleh”.", "Kalendar penuh orang yang minta berbual."],
        },
        // food
        Domain {
            chores: ["makan tengah hari hambar di meja", "makan benda sama setiap hari"],
            pains: ["Buka peti sejuk kali ketiga, tenung je.", "Makan di meja lagi. Menu sama lagi."],
            gains: ["Makanan sedap, tanpa leceh.", "Waktu makan tengah hari kini paling dinanti."],
        },
        // fitness
        Domain {
            chores: ["bayar yuran gim tapi tak pergi", "mula semula setiap Isnin"],
            pains: ["Janji nak mula hari Isnin. Setiap Isnin.", "Yuran gim jalan, kaki tak pernah jejak."],
            gains: ["Dah tiga minggu, masih konsisten.", "Lebih kuat dari bulan lepas. Memang nampak."],
        },
        // health
        Domain {
            chores: ["berminggu-minggu tunggu doktor", "cari simptom pukul 2 pagi"],
            pains: ["Pukul 2 pagi, masih cari simptom di internet.", "Menunggu talian klinik. Minit keempat puluh."],
            gains: ["Jawapan hari yang sama, daripada pakar.", "Rasa lebih sihat, dan tahu sebabnya."],
        },
        // education
        Domain {
            chores: ["menghafal untuk lupa semula", "beli kursus tapi tak pernah habis"],
            pains: ["Kursus beli tahun lepas, masih pelajaran dua.", "Baca halaman sama buat kali keempat."],
            gains: ["Akhirnya faham juga.", "Sepuluh minit sehari, dan terus melekat."],
        },
        // travel
        Domain {
            chores: ["rancang percutian dalam 40 tab", "bayar harga pelancong"],
            pains: ["Banding tiket sama di enam laman web.", "Cuti seronok. Merancangnya yang pening."],
            gains: ["Siap tempah dalam beberapa minit.", "Lebih banyak bercuti, kurang pening merancang."],
        },
        // style
        Domain {
            chores: ["cari baju dalam almari penuh", "beli baju yang tak pernah muat"],
            pains: ["Almari penuh, tapi tak ada baju nak pakai.", "Dah beli saiz sendiri. Tetap tak muat."],
            gains: ["Siap bergaya dalam lima minit, suka sangat.", "Akhirnya, baju yang betul-betul muat."],
        },
        // creator
        Domain {
            chores: ["sunting video dua hari suntuk", "muat naik tiap hari tanpa rehat"],
            pains: ["Lima jam sunting untuk video tiga puluh saat.", "Muat naik tiap hari sebulan. Tontonan sama je."],
            gains: ["Kandungan seminggu, siap dalam satu petang.", "Kandungan macam dibuat satu pasukan."],
        },
        // general
        Domain {
            chores: ["buat cara yang susah", "puas hati dengan “bolehlah tu”"],
            pains: ["Buat cara susah, kali keseratus.", "Mesti ada cara yang lebih senang."],
            gains: ["Senang sampai rasa tak percaya.", "Terus jalan, dan nampak bezanya."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: selesai, tak payah pening."),
            ("Orang lain: {pain}", "Aku dengan {name}: {gain}"),
            ("Sebelum {name}: {pain}", "Sekarang: {gain}"),
            ("Tiada sesiapa:\nAku pukul 11 malam: {pain}", "Yang dah kenal {name}: {gain}"),
        ],
        hottake: [
            "Jujur cakap: {chore} kini cuma pilihan. Sebab {name}.",
            "Pendapat tak popular: {chore} tak pernah wajib pun.",
            "Sebut sama-sama: cukuplah {chore}. Itu kerja {name}.",
            "Tak lama lagi {chore} akan selapuk mesin faks. Sebab {name}.",
        ],
        confession: [
            "Pengakuan: dulu aku {chore}. Lepas tu jumpa {name}.",
            "Aku mengaku: {pain} Sekarang dah tak. {name}.",
            "Serius: {pain} {name} bereskan dalam seminggu.",
            "Rahsiaku? Berhenti {chore}. Biar {name} buat kerja berat.",
        ],
        reply: [
            ("Betul ke {name} berbaloi?", "Tanya sesiapa yang dah berhenti {chore}."),
            ("Aku guna cara lama je lah.", "{gain} Itulah {name}."),
            ("{name}? Macam bagus sangat, susah nak percaya.", "Cuba seminggu. Lepas tu cakap kau rindu {chore}."),
            ("Kenapa nak tukar?", "Sebab {chore} lebih mahal dari sangkaan. Cuba {name}."),
        ],
    },
    person: Person {
        image: [
            ("Orang lain: {pain}", "Yang ikuti {name}: {gain}"),
            ("Sebelum baca {name}: {pain}", "Sekarang: {gain}"),
        ],
        hottake: [
            "Jujur cakap: {chore} cuma pilihan kalau ikuti {name}.",
            "Sebut sama-sama: cukuplah {chore}. {name} dah tunjuk caranya.",
        ],
        confession: [
            "Pengakuan: dulu aku {chore}. Lepas tu mula baca {name}.",
            "Serius: {pain} Lepas tu {name} tulis pasal tu.",
        ],
        reply: [
            ("Berbaloi ke ikuti {name}?", "Tanya sesiapa yang dah berhenti {chore}."),
            ("Kenapa ikuti {name}?", "{gain} Itulah yang {name} kongsi."),
        ],
        turns: ["Lepas tu, aku mula ikuti {name}.", "Di sinilah {name} mainkan peranan."],
    },
    carousel: Carousel {
        covers: ["{name}: apa berubah bila berhenti {chore}", "{name} dalam satu minit"],
        turns: ["Lepas tu, muncul {name}.", "Di sinilah {name} mainkan peranan."],
        numbers: ["{number}: angka yang cerita segalanya.", "{number}. Hadam dulu angka ni."],
        closers: [
            "Simpan untuk kali seterusnya ada orang kata benda ni mustahil.",
            "Kongsi dengan kawan yang perlukan ini.",
        ],
    },
    pitch: Pitch {
        title: "Untuk {first}",
        hello: ["Hai {first},", "Salam {first},", "{first}, apa khabar?"],
        hello_team: ["Hai pasukan {name},", "Salam buat semua di {name},"],
        hello_anyone: "Hai,",
        title_anyone: "Mesej untuk anda",
        seen_site: ["Saya luangkan beberapa minit di laman web anda hari ini.", "Saya sempat meneliti laman web anda."],
        seen_x: ["Hantaran anda di X selalu muncul di suapan saya.", "Saya selalu membaca hantaran anda di X."],
        seen_linkedin: ["Profil LinkedIn anda menarik perhatian saya.", "Saya terjumpa profil anda di LinkedIn."],
        seen_sentence: [
            "Saya dengar banyak perkara baik tentang kerja anda.",
            "Nama anda disebut orang, dan semuanya yang baik-baik.",
        ],
        company: [
            "Apa yang anda bina di {company} memang menonjol.",
            "Kerja anda di {company} menarik perhatian saya.",
        ],
        role: ["Sebagai {role}, setiap jam amat berharga.", "Menjadi {role} bermakna seratus perkara serentak."],
        topic: [
            "Hantaran anda tentang {topic} memang berbaloi dibaca.",
            "Jelas anda betul-betul mahir tentang {topic}.",
        ],
        work: [
            "Jelas anda sangat mengambil berat tentang hasil kerja anda.",
            "Nampak betapa banyak usaha yang anda curahkan.",
        ],
        offer: [
            "Sebab itulah {offer} wujud.",
            "{offer} dibina khas untuk perkara ini.",
            "Di sinilah {offer} boleh membantu.",
        ],
        idea: [
            "Saya ada idea yang boleh menjimatkan masa anda.",
            "Ada cara yang lebih mudah, dan saya ingin tunjukkan kepada anda.",
        ],
        ask: [
            "Lihatlah sekejap, cuma seminit.",
            "Saya ingin tahu pendapat anda.",
            "Berbaloi dilihat bila anda ada masa.",
        ],
        cta: ["Lihat sekarang", "Lihat cara ia berfungsi", "Cuba sekarang"],
    },
    negatives: &[
        "tak berguna",
        "tidak berguna",
        "penipuan",
        "tipu",
        "teruk",
        "sampah",
        "membosankan",
        "buang masa",
        "buang duit",
        "gagal",
        "rosak",
        "benci",
        "menyampah",
        "hampeh",
        "mengarut",
        "sia-sia",
        "bodoh",
        "hancur",
        "kecewa",
    ],
};
