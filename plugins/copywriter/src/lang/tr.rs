//! Turkish.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "tr",
    unnamed: Unnamed { product: "bu uygulama", company: "bu ekip", person: "bu içerik üreticisi", idea: "bu fikir" },
    domains: [
        // ai
        Domain {
            chores: ["ajanın işini elle yapmak", "bütün gün komut düzeltmek"],
            pains: ["Aynı cevabı beşinci kez bota yapıştırıyorum.", "Komutu yine baştan yazıyorum."],
            gains: ["Ben uyurken ajan işi bitirdi.", "Tek komut, öğleden önce iş tamam."],
        },
        // software
        Domain {
            chores: ["on iki sekme arasında gezinmek", "elle kopyala-yapıştır yapmak"],
            pains: ["Başka araca aktarmak için CSV indiriyorum.", "On iki sekme açık, hiçbiri aradığım değil."],
            gains: ["Her şey tek yerde, nihayet.", "Bir kez kur, gerisi kendi kendine işlesin."],
        },
        // finance
        Domain {
            chores: ["fatura kovalamak", "pazar gecesi hesap kitap yapmak"],
            pains: ["Aynı fatura için üçüncü hatırlatma.", "Pazar gecesi, bir tablo ve her yerde fişler."],
            gains: ["Ödemeler zamanında, iki kez sormadan.", "Bu ay hesaplar kendiliğinden kapandı."],
        },
        // crypto
        Domain {
            chores: ["havale için üç gün beklemek", "kendi parası için komisyon ödemek"],
            pains: ["Havale geldi mi diye uygulamayı yeniliyorum.", "Kendi paramı göndermek için yine komisyon."],
            gains: ["Gönderildi, onaylandı: saniyeler içinde.", "Paran internet hızında hareket ediyor."],
        },
        // marketing
        Domain {
            chores: ["boşluğa gönderi atmak", "kitlenin isteğini tahmin etmek"],
            pains: ["Dört beğenili gönderiyi yenileyip duruyorum.", "Tek açıklamaya üç saat. On bir görüntülenme."],
            gains: ["İnsanların gerçekten paylaştığı gönderiler.", "Bu sefer kitle bizi buldu."],
        },
        // sales
        Domain {
            chores: ["açılmayan e-postalar atmak", "sonuçsuz takip mesajı atmak"],
            pains: ["Altıncı takip mesajını gönderiyorum.", "Bir demo daha, bir “düşüneyim” daha."],
            gains: ["“Evet” diye başlayan cevaplar.", "Görüşme isteyenlerle dolu bir takvim."],
        },
        // food
        Domain {
            chores: ["masada tatsız yemeğe razı olmak", "her gün aynı şeyi yemek"],
            pains: ["Bu akşam üçüncü kez buzdolabına bakıyorum.", "Yine masa başında yemek. Yine aynı tat."],
            gains: ["Uğraşmadan güzel bir şeyler yemek.", "Günün en güzel anı artık öğle yemeği."],
        },
        // fitness
        Domain {
            chores: ["gidilmeyen spor salonuna para ödemek", "her pazartesi yeniden başlamak"],
            pains: ["Pazartesi başlayacağım. Her pazartesi.", "Parasını ödeyip hiç gitmediğim spor salonu."],
            gains: ["Üç hafta oldu, hâlâ devam.", "Geçen aydan daha güçlü, belli de oluyor."],
        },
        // health
        Domain {
            chores: ["randevu için haftalarca beklemek", "gece ikide belirti araştırmak"],
            pains: ["Gece ikide belirtileri internette arıyorum.", "Hastane hattında beklemedeyim. Dakika kırk."],
            gains: ["Aynı gün, işini bilen birinden cevap.", "Daha iyi hissediyorum ve nedenini biliyorum."],
        },
        // education
        Domain {
            chores: ["cumaya unutulacakları ezberlemek", "yarım kalacak kurslar almak"],
            pains: ["Geçen yıl aldığım kursta hâlâ ikinci ders.", "Aynı sayfayı dördüncü kez okuyorum."],
            gains: ["Sonunda kafamda oturdu.", "Günde on dakika ve akılda kalıyor."],
        },
        // travel
        Domain {
            chores: ["kırk sekmede tatil planlamak", "turist fiyatı ödemek"],
            pains: ["Aynı uçuşu altı sitede karşılaştırıyorum.", "Tatil güzeldi, planlaması ise tam eziyet."],
            gains: ["Birkaç dakikada rezervasyon, plandan da iyi.", "Daha çok tatil, daha az planlama."],
        },
        // style
        Domain {
            chores: ["dolu dolaba bakıp durmak", "üstüne oturmayan kıyafetler almak"],
            pains: ["Dolap dolu, giyecek hiçbir şey yok.", "Kendi bedenimi sipariş ettim. Yine olmadı."],
            gains: ["Beş dakikada hazırım ve bayılıyorum.", "Sonunda tam oturan bir şey."],
        },
        // creator
        Domain {
            chores: ["tek videoya hafta sonu harcamak", "görünmek için her gün paylaşmak"],
            pains: ["Otuz saniyelik video için beş saat kurgu.", "Bir ay her gün paylaştım. İzlenmeler aynı."],
            gains: ["Bir haftalık içerik, tek öğleden sonrada.", "Sanki bir ekip hazırlamış gibi içerikler."],
        },
        // general
        Domain {
            chores: ["her şeyi zor yoldan yapmak", "yarım yamalak çözümlerle yetinmek"],
            pains: ["Yüzüncü kez zor yoldan yapıyorum.", "Bunun daha kolay bir yolu olmalı."],
            gains: ["Olması gerekenden bile kolay.", "Sadece çalışıyor ve bu belli oluyor."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: halloldu."),
            ("Herkes: {pain}", "{name} ile ben: {gain}"),
            ("{name} öncesi: {pain}", "Sonrası: {gain}"),
            ("Kimse:\nBen gece 11'de: {pain}", "{name} ile tanışanlar: {gain}"),
        ],
        hottake: [
            "Aykırı görüş: {chore} artık bir tercih. {name} sayesinde.",
            "Bir gerçek: {chore} hiçbir zaman “normal” değildi.",
            "Tekrarla: {chore} yok artık. {name} bunun için var.",
            "5 yıl sonra {chore} faks gibi demode olacak. Sebebi: {name}.",
        ],
        confession: [
            "İtiraf: yıllarca işim {chore} oldu. Sonra {name} geldi.",
            "Kabul ediyorum: {pain} Artık değil. {name} var.",
            "Gerçek hikâye: {pain} {name} bir haftada çözdü.",
            "Sırrım ne mi? {chore} bitti. Ağır işi {name} yapıyor.",
        ],
        reply: [
            ("{name} gerçekten buna değer mi?", "Artık {chore} zorunda kalmayanlara sor."),
            ("Ben eski usulle devam ederim.", "{gain} İşte {name} ile hayat."),
            ("{name}? Kulağa fazla iyi geliyor.", "Bir hafta dene. Sonra tekrar {chore} ister misin, söyle."),
            ("Neden değiştireyim ki?", "Çünkü {chore} sandığından pahalıya patlıyor. Çözüm: {name}."),
        ],
    },
    person: Person {
        image: [
            ("Herkes: {pain}", "{name} takipçileri: {gain}"),
            ("{name} paylaşımlarından önce: {pain}", "Sonrası: {gain}"),
        ],
        hottake: [
            "Aykırı görüş: {chore} artık bir tercih. Kanıtı: {name}.",
            "Tekrarla: {chore} yok artık. {name} yolu gösterdi.",
        ],
        confession: [
            "İtiraf: yıllarca işim {chore} oldu. Sonra {name} paylaşımlarını okumaya başladım.",
            "Gerçek hikâye: {pain} Sonra {name} bunu anlattı.",
        ],
        reply: [
            ("{name}: takip etmeye değer mi?", "Artık {chore} zorunda kalmayanlara sor."),
            ("Neden {name}?", "{gain} {name} tam olarak bunu paylaşıyor."),
        ],
        turns: ["Sonra {name} paylaşımlarını okumaya başladım.", "Ve sahneye {name} çıkıyor."],
    },
    carousel: Carousel {
        covers: ["{name}: {chore} gerekmeyince neler değişir?", "Bir dakikada {name}"],
        turns: ["Sonra {name} geldi.", "Ve sahneye {name} çıkıyor."],
        numbers: ["{number}: her şeyi anlatan rakam.", "{number}. Bunu bir düşün."],
        closers: ["“Olmaz” diyen ilk kişiye göstermek için kaydet.", "İhtiyacı olan birine gönder."],
    },
    pitch: Pitch {
        title: "{first}, bu sizin için",
        hello: ["Merhaba {first},", "İyi günler {first},", "{first}, merhaba!"],
        hello_team: ["Merhaba {name} ekibi,", "{name} ekibine selamlar,"],
        hello_anyone: "Merhaba,",
        title_anyone: "Size özel bir not",
        seen_site: ["Bugün sitenizde birkaç dakika geçirdim.", "Web sitenizi uzun uzun inceledim."],
        seen_x: ["X'teki paylaşımlarınız sürekli akışıma düşüyor.", "Bir süredir X'teki paylaşımlarınızı okuyorum."],
        seen_linkedin: ["LinkedIn profiliniz dikkatimi çekti.", "LinkedIn'de profilinize denk geldim."],
        seen_sentence: ["Çalışmalarınız hakkında hep güzel şeyler duydum.", "Adınız geçti, hem de iyi sebeplerle."],
        company: [
            "{company} bünyesinde yaptıklarınız gerçekten göze çarpıyor.",
            "{company} ekibinin işleri dikkatimi çekti.",
        ],
        role: ["{role} olarak her saatin değerli olduğunu bilirsiniz.", "{role} olmak, aynı anda yüz iş demek."],
        topic: ["{topic} üzerine paylaşımlarınız okumaya değer.", "{topic} konusunda işin uzmanı olduğunuz belli."],
        work: ["Yaptığınız işi önemsediğiniz belli.", "İşinize ne kadar emek verdiğiniz her halinden belli."],
        offer: [
            "{offer} tam da bunun için var.",
            "{offer} işte bunun için geliştirildi.",
            "İşte burada devreye {offer} giriyor.",
        ],
        idea: ["Size bu zamanı kazandırabilecek bir fikrim var.", "Daha kolay bir yolu var, göstermek isterim."],
        ask: [
            "Bir göz atın, bir dakikanızı alır.",
            "Ne düşündüğünüzü merak ediyorum.",
            "Vaktiniz olunca bakmaya değer.",
        ],
        cta: ["Göz atın", "Nasıl çalıştığını görün", "Deneyin"],
    },
    negatives: &[
        "abartılı",
        "abartılmış",
        "işe yaramaz",
        "dolandırıcı",
        "en kötü",
        "berbat",
        "rezalet",
        "sıkıcı",
        "çöp",
        "boşa",
        "başarısız",
        "bozuk",
        "kötü",
        "nefret",
        "saçma",
        "vasat",
        "fiyasko",
        "zaman kaybı",
        "felaket",
        "hayal kırıklığı",
    ],
};
