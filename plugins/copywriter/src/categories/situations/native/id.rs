//! Indonesian: the situations of categories written natively, in the casual register of the
//! templates; each chore is a verb phrase («berhenti {chore}», «bertahun-tahun aku {chore}»).

use super::Lines;

pub const ALL: &[(&str, Lines)] = &[
    (
        "parking-app",
        Lines {
            chore: "muter-muter cari parkir",
            before: [
                "Putaran ketiga di blok yang sama. Parkiran masih penuh.",
                "Akhirnya dapat parkir. Telat 20 menit.",
            ],
            after: ["Langsung ke tempat kosong, sekali jalan.", "Mobil sudah terparkir sebelum lagunya habis."],
        },
    ),
    (
        "dental-clinic",
        Lines {
            chore: "antre dokter gigi berminggu-minggu",
            before: ["Sabtu sakit gigi, semua klinik tutup.", "Jadwal periksa baru ada enam minggu lagi."],
            after: ["Minggu diperiksa, Senin sudah bisa senyum.", "Jadwal periksa beres dalam semenit."],
        },
    ),
    (
        "online-course",
        Lines {
            chore: "beli kursus lalu berhenti di pelajaran kedua",
            before: [
                "Kursus dibeli setahun lalu, masih di pelajaran kedua.",
                "Video pertama diputar untuk ketiga kalinya.",
            ],
            after: ["Kursus tamat, sertifikat di tangan.", "10 menit sehari, dan ilmunya nempel."],
        },
    ),
    (
        "pizza-restaurant",
        Lines {
            chore: "pasrah makan pizza dingin",
            before: ["Tengah malam, pizza dingin dan lembek.", "Semua sudah tutup, perut keroncongan."],
            after: [
                "Pizza beneran sampai di depan pintu, selarut apa pun.",
                "Sampai masih panas, pinggirannya renyah.",
            ],
        },
    ),
    (
        "invoicing-software",
        Lines {
            chore: "nagih pembayaran klien",
            before: ["Tagihan yang sama, pengingat ketiga.", "Minggu malam bikin faktur di spreadsheet."],
            after: ["Faktur terkirim semenit, dibayar tepat waktu.", "Pengingat jalan sendiri."],
        },
    ),
    (
        "hiking-backpack",
        Lines {
            chore: "mendaki dengan ransel yang bikin pundak pegal",
            before: ["Baru sejam, pundak sudah pegal.", "Cari botol minum sampai bongkar dasar ransel."],
            after: ["Jalan 20 kilometer, punggung tetap enak.", "Semua yang perlu ada dalam jangkauan tangan."],
        },
    ),
    (
        "staff-scheduling-software",
        Lines {
            chore: "menyusun jadwal shift manual",
            before: [
                "Minggu malam, jadwal minggu depan masih bolong-bolong.",
                "Jam 7 pagi ada yang izin sakit, jadwal langsung berantakan.",
            ],
            after: ["Jadwal minggu depan jadi dalam 10 menit.", "Semua shift terisi, tim sudah dapat kabarnya."],
        },
    ),
    (
        "restaurant",
        Lines {
            chore: "makan di tempat yang itu-itu saja",
            before: ["Jumat malam, tempat yang sama, menu yang sama.", "Antre dua jam, rasanya biasa saja."],
            after: ["Tempat yang bikin pengin balik lagi.", "Satu hidangan yang diceritakan seminggu penuh."],
        },
    ),
    (
        "cafe",
        Lines {
            chore: "minum kopi gelas kertas di meja kerja",
            before: ["Kopi suam-suam kuku dari mesin kantor.", "Nggak ada kursi, colokan, apalagi Wi-Fi."],
            after: ["Kursi dekat jendela dan latte terenak di kota.", "Secangkir pagi yang bikin hari lancar."],
        },
    ),
    (
        "bakery",
        Lines {
            chore: "sarapan roti yang sudah keras",
            before: ["Roti tawar bungkusan yang hambar.", "Jam 9 pagi, croissant sudah habis."],
            after: ["Sarapan roti yang masih hangat.", "Wangi roti sampai ke ujung jalan."],
        },
    ),
    (
        "hair-salon",
        Lines {
            chore: "pulang dengan potongan rambut yang nggak diminta",
            before: [
                "Mintanya ‘rapikan ujungnya saja’. Ternyata bukan cuma ujungnya.",
                "Hari kelima rambut nggak bisa diatur.",
            ],
            after: ["Potongan rambut persis seperti yang diinginkan.", "Berminggu-minggu dapat pujian."],
        },
    ),
    (
        "gym",
        Lines {
            chore: "bayar iuran gym tapi nggak pernah datang",
            before: ["Kartu anggota dibayar, belum pernah dipakai.", "20 menit antre rak squat."],
            after: [
                "Tiga kali latihan seminggu, dan malah ditunggu-tunggu.",
                "Lebih kuat dari bulan lalu. Kelihatan juga.",
            ],
        },
    ),
    (
        "yoga-studio",
        Lines {
            chore: "menjalani hari dengan badan kaku",
            before: [
                "Delapan jam di depan meja, badan kaku semua.",
                "Kelasnya penuh sesak, tangan pun nggak bisa direntangkan.",
            ],
            after: ["Satu jam yang menyegarkan seminggu penuh.", "Badan lentur, pikiran tenang, tidur nyenyak."],
        },
    ),
    (
        "hotel",
        Lines {
            chore: "memilih hotel yang beda jauh dari fotonya",
            before: [
                "‘Pemandangan laut’ ternyata pemandangan parkiran.",
                "Terbang 12 jam, lalu masih antre di resepsionis.",
            ],
            after: ["Kamar yang bikin malas pulang.", "Sarapan yang bikin semangat bangun pagi."],
        },
    ),
    (
        "podcast",
        Lines {
            chore: "melamun sepanjang jalan ke kantor",
            before: [
                "40 menit di kereta, menggulir linimasa yang sama.",
                "Obrolan yang butuh 20 menit sebelum masuk inti.",
            ],
            after: ["Episode yang bikin perjalanan terasa singkat.", "Tiap pagi, satu hal baru."],
        },
    ),
    (
        "youtube-channel",
        Lines {
            chore: "nonton video yang nggak ada isinya",
            before: ["Video 10 menit, isinya cuma semenit.", "Lagi-lagi gambar sampul pancingan."],
            after: ["Video yang akhirnya bikin paham.", "Video berikutnya yang beneran ditunggu."],
        },
    ),
    (
        "newsletter",
        Lines {
            chore: "membaca sekilas berita yang nggak penting",
            before: ["50 tab berita terbuka, nggak ada yang nyangkut.", "Kotak masuk penuh promo diskon."],
            after: ["Satu-satunya surel yang dibuka duluan tiap minggu.", "5 menit, semua yang penting sudah tahu."],
        },
    ),
    (
        "fitness-app",
        Lines {
            chore: "berhenti olahraga setelah tiga hari",
            before: ["‘Mulai Senin deh’, tiap minggu.", "Sudah di gym, tapi bingung mau ngapain."],
            after: ["Programnya pas dengan harimu, jadi bisa konsisten.", "Tiga minggu, masih jalan terus."],
        },
    ),
    (
        "meditation-app",
        Lines {
            chore: "memutar ulang seharian di kepala sebelum tidur",
            before: ["Obrolan tahun 2019 diputar lagi di kepala.", "Tarik napas, buang napas, lalu kepikiran lagi."],
            after: ["5 menit, kepala langsung tenang.", "Tertidur sebelum pikiran sempat ke mana-mana."],
        },
    ),
    (
        "language-app",
        Lines {
            chore: "menghafal kosakata lalu lupa lagi",
            before: ["Lima tahun belajar, masih kaku bilang ‘halo’.", "Daftar kosakata yang belum pernah dibuka."],
            after: ["Pesan makan malam dengan bahasa setempat, santai saja.", "10 menit sehari, kosakatanya nempel."],
        },
    ),
    (
        "recipe-app",
        Lines {
            chore: "bingung mau masak apa tiap malam",
            before: ["Tiga butir telur, satu lemon, dan nol ide.", "Pasta lagi. Hari keempat berturut-turut."],
            after: ["Makan malam dari isi kulkas yang ada.", "Tiap minggu ada menu favorit baru."],
        },
    ),
    (
        "food-delivery-app",
        Lines {
            chore: "nunggu sejam untuk makanan yang sudah dingin",
            before: ["Pesan jam 7. Jam 8 belum datang juga.", "Kentang gorengnya lagi-lagi sampai lembek."],
            after: ["Makanan panas sampai tepat waktu.", "Tiga ketukan, makan malam beres."],
        },
    ),
    (
        "crm",
        Lines {
            chore: "mengurus pelanggan di spreadsheet",
            before: ["Eh, pelanggan ini siapa, ya?", "Lupa menghubungi lagi, kesepakatannya lepas."],
            after: [
                "Pelanggan dan riwayat telepon dalam satu layar.",
                "Diingatkan otomatis kapan harus menghubungi lagi.",
            ],
        },
    ),
    (
        "project-management-tool",
        Lines {
            chore: "mengelola proyek lewat surel",
            before: [
                "‘Ini tugas siapa?’ Ujung-ujungnya nggak ada yang pegang.",
                "Tenggatnya kemarin. Nggak ada yang tahu.",
            ],
            after: ["Semua tahu langkah berikutnya.", "Rilis tepat waktu tanpa rapat laporan."],
        },
    ),
    (
        "accounting-software",
        Lines {
            chore: "bergulat dengan tumpukan struk",
            before: ["Sekardus struk, tenggatnya Senin.", "Angkanya nggak cocok. Lagi."],
            after: ["Pembukuan sudah tutup sebelum Jumat.", "Setiap struk sudah di tempatnya."],
        },
    ),
    (
        "note-taking-app",
        Lines {
            chore: "mencari catatan di lima aplikasi",
            before: ["Idenya bagus. Catatannya hilang.", "Catatan di balik struk, di tisu, dan di tiga aplikasi."],
            after: ["Catatan apa pun ketemu sekali cari.", "Rapat selesai, catatannya sudah dibagikan."],
        },
    ),
    (
        "booking-software",
        Lines {
            chore: "menerima janji temu lewat telepon",
            before: [
                "Telepon berdering lagi di tengah perawatan.",
                "Dua pelanggan di jam yang sama. Pagi yang canggung.",
            ],
            after: ["Pelanggan pesan sendiri, siang maupun malam.", "Jadwal penuh tanpa satu telepon pun."],
        },
    ),
    (
        "ecommerce-platform",
        Lines {
            chore: "jualan lewat DM dan transfer manual",
            before: ["Pesanan lewat DM, stok dicatat di buku tulis.", "‘Masih ada, Kak?’ lima puluh kali sehari."],
            after: [
                "Toko yang tetap jualan saat kamu tidur.",
                "Pesanan masuk, stok ikut diperbarui, nggak ada yang terlewat.",
            ],
        },
    ),
    (
        "skincare",
        Lines {
            chore: "gonta-ganti krim tiap bulan",
            before: ["Sepuluh botol di rak, kulit tetap sama.", "Menjelang siang, kulit sudah kering."],
            after: ["Kulit tetap lembap sampai jam 6 sore.", "Perawatan kulit yang beres dalam tiga menit."],
        },
    ),
    (
        "coffee-brand",
        Lines {
            chore: "bertahan dengan kopi kantor yang pahit",
            before: ["Kopi gosong dari mesin kantor.", "50 ribu untuk latte yang biasa saja."],
            after: ["Secangkir terbaik hari ini, di rumah sendiri.", "Pagi yang bikin semangat bangun."],
        },
    ),
    (
        "web-agency",
        Lines {
            chore: "menunggu situs web jadi berbulan-bulan",
            before: ["Tiga penawaran, enam minggu, situsnya belum ada.", "Di laptop bagus, di ponsel berantakan."],
            after: ["Tayang dalam hitungan minggu, dan langsung jualan.", "Situs yang bikin bangga waktu dibagikan."],
        },
    ),
];
