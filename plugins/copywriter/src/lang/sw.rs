//! Swahili.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "sw",
    unnamed: Unnamed { product: "programu hii", company: "timu hii", person: "mbunifu huyu", idea: "wazo hili" },
    domains: [
        // ai
        Domain {
            chores: ["kufanya kwa mkono kazi ya mashine", "kurekebisha maagizo siku nzima"],
            pains: ["Mara ya tano nabandika jibu lilelile.", "Naandika upya maagizo. Tena."],
            gains: ["Akili bandia imemaliza kazi nikiwa nimelala.", "Agizo moja tu. Kabla ya mchana, imekwisha."],
        },
        // software
        Domain {
            chores: ["kuhama kichupo hadi kichupo", "kunakili na kubandika kila mara"],
            pains: ["Napakua CSV ili tu niibandike kwingine.", "Vichupo kumi na viwili, hakuna kinachofaa."],
            gains: ["Kila kitu mahali pamoja, hatimaye.", "Unaweka mara moja, kisha kinajiendesha."],
        },
        // finance
        Domain {
            chores: ["kufuatilia madeni ya wateja", "kupiga hesabu Jumapili usiku"],
            pains: ["Natuma ukumbusho wa tatu kwa ankara ileile.", "Jumapili usiku, jedwali na risiti kila kona."],
            gains: ["Malipo kwa wakati, bila kuuliza mara mbili.", "Mwezi huu hesabu zimejifunga zenyewe."],
        },
        // crypto
        Domain {
            chores: ["kusubiri uhamisho siku tatu", "kulipa ada kwa pesa binafsi"],
            pains: ["Naangalia benki tena: pesa bado hazijafika.", "Ada tena, kwa kutuma pesa zangu mwenyewe."],
            gains: ["Imetumwa, imefika, ndani ya sekunde chache.", "Pesa zinasafiri kwa kasi ya mtandao."],
        },
        // marketing
        Domain {
            chores: ["kuchapisha bila mtu yeyote kuona", "kubahatisha hadhira inataka nini"],
            pains: ["Chapisho langu lina vipendwa vinne tu.", "Saa tatu kwa maelezo. Watazamaji 11."],
            gains: ["Machapisho ambayo watu wanashiriki kweli.", "Safari hii, hadhira ndiyo iliyotupata."],
        },
        // sales
        Domain {
            chores: ["kutuma barua pepe zisizosomwa", "kufuatilia wateja bila matokeo"],
            pains: ["Natuma ujumbe wa kufuatilia wa sita.", "Onyesho jingine, “nitafikiria” jingine."],
            gains: ["Majibu yanayoanza na “ndiyo”.", "Kalenda imejaa watu walioomba kuongea."],
        },
        // food
        Domain {
            chores: ["kula chakula kibaridi mezani", "kula kitu kilekile kila siku"],
            pains: ["Mara ya tatu leo usiku nafungua friji.", "Chakula mezani tena. Kilekile tena."],
            gains: ["Chakula kitamu, bila usumbufu.", "Mlo wa mchana sasa ndio raha ya siku."],
        },
        // fitness
        Domain {
            chores: ["kulipia mazoezi bila kwenda", "kuanza upya kila Jumatatu"],
            pains: ["Naahidi kuanza Jumatatu. Kila Jumatatu.", "Nalipia mazoezi kila mwezi, lakini siendi."],
            gains: ["Wiki tatu sasa, na bado naendelea.", "Nguvu zaidi ya mwezi uliopita, inaonekana."],
        },
        // health
        Domain {
            chores: ["kusubiri miadi kwa wiki kadhaa", "kutafuta dalili usiku wa manane"],
            pains: ["Saa nane usiku, natafuta dalili mtandaoni.", "Nasubiri simu ya kliniki. Dakika ya arobaini."],
            gains: ["Majibu siku hiyohiyo, kutoka kwa mtaalamu.", "Najisikia vizuri zaidi, na najua kwa nini."],
        },
        // education
        Domain {
            chores: ["kukariri na kusahau kesho yake", "kununua kozi bila kuzimaliza"],
            pains: ["Kozi ya mwaka jana: bado niko somo la pili.", "Nasoma ukurasa uleule kwa mara ya nne."],
            gains: ["Hatimaye inaeleweka.", "Dakika kumi kwa siku, na inakaa kichwani."],
        },
        // travel
        Domain {
            chores: ["kupanga safari kwenye vichupo 40", "kulipa bei za watalii"],
            pains: ["Nalinganisha ndege ileile kwenye tovuti sita.", "Safari tamu. Maandalizi yalikuwa mlima."],
            gains: ["Nimehifadhi nafasi kwa dakika chache tu.", "Safari zaidi, mipango kidogo."],
        },
        // style
        Domain {
            chores: ["kutazama kabati lililojaa", "kununua nguo zisizotosha"],
            pains: ["Kabati limejaa, lakini sina cha kuvaa.", "Nimeagiza saizi yangu. Tena, haitoshi."],
            gains: ["Tayari kwa dakika tano, na napendeza.", "Hatimaye, nguo inayonitosha."],
        },
        // creator
        Domain {
            chores: ["kuhariri video moja wikendi nzima", "kuchapisha kila siku ili kuonekana"],
            pains: ["Saa tano za kuhariri video ya sekunde 30.", "Kila siku kwa mwezi. Watazamaji walewale."],
            gains: ["Machapisho ya wiki nzima kwa mchana mmoja.", "Maudhui yanayoonekana kama ya timu nzima."],
        },
        // general
        Domain {
            chores: ["kufanya mambo kwa njia ngumu", "kuridhika na “inatosha”"],
            pains: ["Nafanya kwa njia ngumu kwa mara ya mia.", "Lazima kuwe na njia rahisi zaidi."],
            gains: ["Rahisi kuliko ulivyotarajia.", "Inafanya kazi tu, na inaonekana."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: tatizo limetatuliwa."),
            ("Wengine wote: {pain}", "Mimi na {name}: {gain}"),
            ("Kabla ya {name}: {pain}", "Baadaye: {gain}"),
            ("Kila mtu amelala.\nMimi saa tano usiku: {pain}", "Waliogundua {name}: {gain}"),
        ],
        hottake: [
            "Ukweli mchungu: {chore} sasa ni hiari. Shukrani kwa {name}.",
            "Tuseme wazi: {chore} si jambo la kawaida.",
            "Sema nami: hakuna tena {chore}. Ndiyo kazi ya {name}.",
            "Miaka 5 ijayo, {chore} kutakuwa historia. Sababu: {name}.",
        ],
        confession: [
            "Nakiri: nilitumia miaka {chore}. Kisha nikapata {name}.",
            "Nakubali: {pain} Si tena. Nina {name}.",
            "Kisa cha kweli: {pain} Kwa {name}, wiki ilitosha.",
            "Siri yangu? Niliacha {chore}. Kazi nzito sasa ni ya {name}.",
        ],
        reply: [
            ("{name}? Kweli ni bora kiasi hicho?", "Muulize yeyote aliyeacha {chore}."),
            ("Nitaendelea na njia ya zamani.", "{gain} Ndivyo ilivyo ukiwa na {name}."),
            ("{name}? Ni vigumu kuamini.", "Jaribu wiki moja. Kisha niambie kama unatamani {chore}."),
            ("Kwa nini nibadilishe?", "Kwa sababu {chore} kunakugharimu sana. Jaribu {name}."),
        ],
    },
    person: Person {
        image: [
            ("Wengine wote: {pain}", "Wanaomfuatilia {name}: {gain}"),
            ("Kabla sijaanza kumsoma {name}: {pain}", "Sasa: {gain}"),
        ],
        hottake: [
            "Ukweli mchungu: ukimfuatilia {name}, {chore} ni hiari.",
            "Sema nami: hakuna tena {chore}. {name} ametuonyesha njia.",
        ],
        confession: [
            "Nakiri: nilitumia miaka {chore}. Kisha nikaanza kumsoma {name}.",
            "Kisa cha kweli: {pain} Kisha {name} akaandika kuhusu hilo.",
        ],
        reply: [
            ("Je, {name} anafaa kufuatiliwa?", "Muulize yeyote aliyeacha {chore}."),
            ("Kwa nini umfuatilie {name}?", "{gain} Hicho ndicho {name} hushiriki."),
        ],
        turns: ["Kisha nikaanza kumfuatilia {name}.", "Karibu {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: kinachobadilika ukiacha {chore}", "{name} kwa dakika moja"],
        turns: ["Kisha tukakutana na {name}.", "Karibu {name}."],
        numbers: ["{number}: namba inayosema kila kitu.", "{number}. Hebu tafakari hilo."],
        closers: ["Hifadhi hii kwa ajili ya mtu ajaye kusema haiwezekani.", "Mtumie mtu anayehitaji hii."],
    },
    pitch: Pitch {
        title: "Kwa ajili yako, {first}",
        hello: ["Habari {first},", "Hujambo {first},", "Salamu {first},"],
        hello_team: ["Habari timu ya {name},", "Salamu kwa timu nzima ya {name},"],
        hello_anyone: "Habari,",
        title_anyone: "Ujumbe kwa ajili yako",
        seen_site: ["Leo nimetumia dakika kadhaa kwenye tovuti yako.", "Nimepitia tovuti yako kwa makini."],
        seen_x: [
            "Machapisho yako kwenye X yanajitokeza mara kwa mara kwangu.",
            "Nimekuwa nikisoma machapisho yako kwenye X.",
        ],
        seen_linkedin: ["Wasifu wako wa LinkedIn umenivutia.", "Nimekutana na wasifu wako kwenye LinkedIn."],
        seen_sentence: ["Nimesikia mambo mazuri kuhusu kazi yako.", "Jina lako limetajwa, tena kwa sababu nzuri."],
        company: ["Mnachojenga katika {company} kinavutia sana.", "Kazi ya timu ya {company} imenivutia."],
        role: ["Kama {role}, kila saa ina thamani.", "Kuwa {role} ni kushughulikia mambo mia kwa wakati mmoja."],
        topic: ["Machapisho yako kuhusu {topic} yanastahili kusomwa.", "Ni wazi wewe ni mjuzi wa {topic}."],
        work: ["Ni wazi unajali unachokifanya.", "Inaonekana wazi jinsi unavyoweka moyo kwenye kazi yako."],
        offer: ["Hiyo ndiyo kazi ya {offer}.", "Kwa hili, kuna {offer}.", "Hapa ndipo tunapoleta {offer}."],
        idea: ["Nina wazo linaloweza kukuokolea muda huo.", "Kuna njia rahisi zaidi, na ningependa kukuonyesha."],
        ask: [
            "Angalia, inachukua dakika moja tu.",
            "Ningependa kujua maoni yako.",
            "Inafaa kuangalia ukipata dakika moja.",
        ],
        cta: ["Angalia", "Ona jinsi inavyofanya kazi", "Jaribu"],
    },
    negatives: &[
        "haifai",
        "bure kabisa",
        "utapeli",
        "tapeli",
        "mbaya",
        "mbovu",
        "upuuzi",
        "takataka",
        "ujinga",
        "feki",
        "udanganyifu",
        "kupoteza muda",
        "ovyo",
        "nachukia",
        "inachosha",
        "imeharibika",
        "imeshindwa",
        "aibu",
        "hasara",
    ],
};
