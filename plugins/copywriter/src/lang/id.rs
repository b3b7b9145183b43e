//! Indonesian.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "id",
    unnamed: Unnamed { product: "aplikasi ini", company: "tim ini", person: "kreator ini", idea: "ide ini" },
    domains: [
        // ai
        Domain {
            chores: ["mengerjakan sendiri tugas mesin", "mengutak-atik perintah seharian"],
            pains: ["Kelima kalinya menempel jawaban yang sama.", "Menulis ulang perintahnya. Lagi."],
            gains: ["Asisten pintar beres kerja saat aku tidur.", "Satu perintah. Beres sebelum makan siang."],
        },
        // software
        Domain {
            chores: ["gonta-ganti selusin aplikasi", "salin-tempel data antaraplikasi"],
            pains: ["Ekspor CSV cuma buat ditempel lagi.", "Selusin jendela terbuka, nggak ada yang pas."],
            gains: ["Semua di satu tempat, akhirnya.", "Atur sekali, selanjutnya jalan sendiri."],
        },
        // finance
        Domain {
            chores: ["mengejar tagihan", "ngurus pembukuan Minggu malam"],
            pains: ["Pengingat ketiga untuk tagihan yang sama.", "Minggu malam, tabel, dan struk di mana-mana."],
            gains: ["Dibayar tepat waktu, tanpa menagih dua kali.", "Pembukuan bulan ini beres dengan sendirinya."],
        },
        // crypto
        Domain {
            chores: ["menunggu transfer bank tiga hari", "bayar biaya kirim uang sendiri"],
            pains: ["Cek rekening lagi: transfernya sudah masuk?", "Kena biaya lagi buat kirim uang sendiri."],
            gains: ["Terkirim dan masuk dalam hitungan detik.", "Uang bergerak secepat internet."],
        },
        // marketing
        Domain {
            chores: ["unggah konten yang sepi penonton", "menebak-nebak maunya audiens"],
            pains: ["Terus memantau unggahan dengan empat suka.", "Tiga jam bikin keterangan. Sebelas penonton."],
            gains: ["Unggahan yang benar-benar dibagikan orang.", "Kali ini audiens yang menemukan kami."],
        },
        // sales
        Domain {
            chores: ["kirim surel yang nggak dibuka", "mengejar calon klien tanpa hasil"],
            pains: ["Mengirim pesan tindak lanjut keenam.", "Demo lagi, “saya pikir-pikir dulu” lagi."],
            gains: ["Balasan yang dimulai dengan “ya”.", "Kalender penuh orang yang minta dihubungi."],
        },
        // food
        Domain {
            chores: ["makan siang seadanya di meja kerja", "makan menu yang sama tiap hari"],
            pains: ["Ketiga kalinya malam ini melongok ke kulkas.", "Makan di meja kerja lagi. Menu sama lagi."],
            gains: ["Makanan enak tanpa ribet.", "Makan siang jadi momen terbaik hari ini."],
        },
        // fitness
        Domain {
            chores: ["bayar iuran fitnes yang nganggur", "mulai lagi dari nol tiap Senin"],
            pains: ["Janji mulai hari Senin. Setiap Senin.", "Iuran fitnes lancar, datangnya nggak pernah."],
            gains: ["Sudah tiga minggu dan masih jalan.", "Lebih kuat dari bulan lalu, dan kelihatan."],
        },
        // health
        Domain {
            chores: ["antre dokter berminggu-minggu", "cari gejala di internet jam 2 pagi"],
            pains: ["Jam 2 pagi, mencari gejala di internet.", "Telepon klinik belum diangkat. Menit ke-40."],
            gains: ["Jawaban di hari yang sama, dari yang ahli.", "Badan lebih enak, dan tahu sebabnya."],
        },
        // education
        Domain {
            chores: ["menghafal lalu lupa di hari Jumat", "beli kursus tapi nggak ditamatkan"],
            pains: ["Kursus tahun lalu, masih di pelajaran kedua.", "Keempat kalinya baca halaman yang sama."],
            gains: ["Akhirnya paham juga.", "Sepuluh menit sehari, dan langsung nempel."],
        },
        // travel
        Domain {
            chores: ["merencanakan liburan berhari-hari", "bayar harga turis"],
            pains: ["Membandingkan tiket yang sama di enam situs.", "Liburannya seru, rencananya bikin pusing."],
            gains: ["Dipesan dalam menit, lebih oke dari rencana.", "Lebih banyak jalan, lebih sedikit ribet."],
        },
        // style
        Domain {
            chores: ["melongo di depan lemari penuh", "beli baju yang ternyata nggak muat"],
            pains: ["Lemari penuh, tapi nggak ada baju.", "Pesan ukuran sendiri. Lagi-lagi nggak pas."],
            gains: ["Siap dalam lima menit, dan suka banget.", "Akhirnya ada yang pas di badan."],
        },
        // creator
        Domain {
            chores: ["mengedit satu video dua hari penuh", "unggah tiap hari biar kelihatan"],
            pains: ["Lima jam mengedit video 30 detik.", "Sebulan unggah terus. Penonton segitu aja."],
            gains: ["Konten seminggu, selesai dalam satu sore.", "Konten yang kelihatan digarap satu tim."],
        },
        // general
        Domain {
            chores: ["selalu pakai cara yang susah", "puas dengan yang “lumayanlah”"],
            pains: ["Keseratus kalinya pakai cara yang susah.", "Pasti ada cara yang lebih gampang."],
            gains: ["Lebih gampang dari yang dibayangkan.", "Pokoknya jalan, dan hasilnya kelihatan."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: beres."),
            ("Orang lain: {pain}", "Aku bersama {name}: {gain}"),
            ("Sebelum {name}: {pain}", "Sesudahnya: {gain}"),
            ("Semua orang: tidur.\nAku jam 11 malam: {pain}", "Yang sudah kenal {name}: {gain}"),
        ],
        hottake: [
            "Opini nggak populer: {chore} sekarang pilihan. Ada {name}.",
            "Jujur saja: {chore} itu dari dulu nggak pernah wajar.",
            "Ulangi bareng: cukup sudah {chore}. Untuk itulah ada {name}.",
            "5 tahun lagi, {chore} bakal sekuno mesin faks. Berkat {name}.",
        ],
        confession: [
            "Ngaku deh: bertahun-tahun aku {chore}. Lalu ketemu {name}.",
            "Aku akui: {pain} Sekarang nggak lagi. Ada {name}.",
            "Kisah nyata: {pain} {name} beresin dalam seminggu.",
            "Rahasiaku? Berhenti {chore}. Sisanya diurus {name}.",
        ],
        reply: [
            ("{name} beneran sepadan?", "Tanya saja siapa pun yang sudah berhenti {chore}."),
            ("Aku tetap pakai cara lama saja.", "{gain} Itulah {name}."),
            (
                "{name}? Kedengarannya terlalu indah untuk jadi kenyataan.",
                "Coba seminggu. Terus bilang kalau kamu kangen {chore}.",
            ),
            ("Kenapa harus pindah?", "Karena {chore} lebih mahal dari dugaanmu. Solusinya: {name}."),
        ],
    },
    person: Person {
        image: [
            ("Orang lain: {pain}", "Yang follow {name}: {gain}"),
            ("Sebelum baca {name}: {pain}", "Sesudahnya: {gain}"),
        ],
        hottake: [
            "Opini nggak populer: {chore} itu pilihan kalau kamu follow {name}.",
            "Ulangi bareng: cukup sudah {chore}. {name} sudah kasih caranya.",
        ],
        confession: [
            "Ngaku deh: bertahun-tahun aku {chore}. Lalu mulai baca {name}.",
            "Kisah nyata: {pain} Lalu {name} bahas itu.",
        ],
        reply: [
            ("{name} layak di-follow?", "Tanya saja siapa pun yang sudah berhenti {chore}."),
            ("Kenapa follow {name}?", "{gain} Itulah yang dibagikan {name}."),
        ],
        turns: ["Lalu aku mulai follow {name}.", "Perkenalkan: {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: apa yang berubah saat kamu berhenti {chore}", "{name} dalam satu menit"],
        turns: ["Lalu datanglah {name}.", "Perkenalkan: {name}."],
        numbers: ["{number}: angka yang menjelaskan segalanya.", "{number}. Coba resapi dulu."],
        closers: ["Simpan ini buat orang berikutnya yang bilang “nggak mungkin”.", "Kirim ke teman yang butuh ini."],
    },
    pitch: Pitch {
        title: "Untuk {first}",
        hello: ["Halo {first},", "Hai {first},", "{first}, halo!"],
        hello_team: ["Halo tim {name},", "Salam untuk semua orang di {name},"],
        hello_anyone: "Halo,",
        title_anyone: "Pesan untuk Anda",
        seen_site: [
            "Hari ini saya sempat menjelajahi situs Anda.",
            "Saya sudah melihat-lihat situs web Anda dengan saksama.",
        ],
        seen_x: ["Unggahan Anda di X sering muncul di linimasa saya.", "Saya rutin membaca unggahan Anda di X."],
        seen_linkedin: ["Profil LinkedIn Anda menarik perhatian saya.", "Saya menemukan profil Anda di LinkedIn."],
        seen_sentence: [
            "Saya sering mendengar hal baik tentang karya Anda.",
            "Nama Anda disebut-sebut, dan untuk alasan yang baik.",
        ],
        company: [
            "Apa yang Anda bangun di {company} benar-benar menonjol.",
            "Kiprah tim {company} menarik perhatian saya.",
        ],
        role: ["Sebagai {role}, setiap jam sangat berharga.", "Menjadi {role} berarti seratus hal sekaligus."],
        topic: ["Tulisan Anda tentang {topic} selalu layak dibaca.", "Jelas sekali Anda paham betul soal {topic}."],
        work: [
            "Terlihat jelas Anda peduli dengan apa yang Anda buat.",
            "Kelihatan sekali betapa seriusnya Anda berkarya.",
        ],
        offer: [
            "Justru untuk itulah {offer} dibuat.",
            "{offer} memang dirancang untuk ini.",
            "Di sinilah {offer} berperan.",
        ],
        idea: [
            "Saya punya ide yang bisa menghemat waktu Anda.",
            "Ada cara yang lebih mudah, dan saya ingin menunjukkannya.",
        ],
        ask: [
            "Silakan lihat, cuma butuh semenit.",
            "Saya penasaran pendapat Anda.",
            "Layak dilihat kalau ada waktu luang.",
        ],
        cta: ["Lihat sekarang", "Lihat cara kerjanya", "Coba sekarang"],
    },
    negatives: &[
        "berlebihan",
        "dilebih-lebihkan",
        "tidak berguna",
        "nggak guna",
        "penipuan",
        "terburuk",
        "parah",
        "jelek",
        "sampah",
        "membosankan",
        "buang-buang",
        "gagal",
        "rusak",
        "benci",
        "payah",
        "abal-abal",
        "busuk",
        "mengecewakan",
        "zonk",
    ],
};
