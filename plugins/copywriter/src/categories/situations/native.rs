//! The situations of some categories written natively in other languages than English, each
//! chore in the grammar of its language's `{chore}` slots.

use super::Lines;

pub const ALL: &[(&str, &str, Lines)] = &[
    (
        "de",
        "parking-app",
        Lines {
            chore: "ewig um den Block kreisen",
            before: [
                "Dritte Runde um den Block. Immer noch kein Parkplatz.",
                "Endlich geparkt. Zwanzig Minuten zu spät.",
            ],
            after: ["Direkt zum freien Parkplatz, beim ersten Versuch.", "Geparkt, bevor das Lied zu Ende war."],
        },
    ),
    (
        "es",
        "parking-app",
        Lines {
            chore: "dar vueltas buscando aparcamiento",
            before: ["Tercera vuelta a la manzana. Ni un sitio libre.", "Por fin aparcado. Veinte minutos tarde."],
            after: ["Directo a una plaza libre, a la primera.", "Aparcado antes de que acabe la canción."],
        },
    ),
    (
        "ja",
        "parking-app",
        Lines {
            chore: "駐車場探し",
            before: ["同じブロックを3周目。まだ空きがない。", "やっと駐車できた。20分の遅刻。"],
            after: ["空いている駐車場へ一発で到着。", "曲が終わる前に駐車完了。"],
        },
    ),
    (
        "zh",
        "parking-app",
        Lines {
            chore: "绕圈找车位",
            before: ["绕着街区转了第三圈，还是没车位。", "终于停好了，已经迟到二十分钟。"],
            after: ["一次就找到空车位。", "一首歌还没放完，车已经停好了。"],
        },
    ),
    (
        "ar",
        "parking-app",
        Lines {
            chore: "الدوران بحثًا عن موقف",
            before: ["اللفة الثالثة حول الحي، ولا موقف فارغ.", "ركنت السيارة أخيرًا، متأخرًا عشرين دقيقة."],
            after: ["إلى موقف فارغ مباشرة، من أول محاولة.", "ركنت السيارة قبل أن تنتهي الأغنية."],
        },
    ),
    (
        "hi",
        "parking-app",
        Lines {
            chore: "पार्किंग की तलाश में चक्कर",
            before: ["मोहल्ले का तीसरा चक्कर, पार्किंग अब भी नहीं मिली।", "आख़िरकार गाड़ी खड़ी की, बीस मिनट लेट।"],
            after: ["पहली ही बार में सीधे ख़ाली जगह पर।", "गाना ख़त्म होने से पहले गाड़ी पार्क।"],
        },
    ),
    (
        "de",
        "dental-clinic",
        Lines {
            chore: "wochenlang auf einen Termin warten",
            before: ["Zahnschmerzen am Samstag, und alles hat zu.", "Sechs Wochen Wartezeit für eine Kontrolle."],
            after: ["Am Sonntag behandelt, am Montag wieder am Lächeln.", "Kontrolltermin in einer Minute gebucht."],
        },
    ),
    (
        "es",
        "dental-clinic",
        Lines {
            chore: "esperar semanas por una cita",
            before: ["Dolor de muelas un sábado, y todo cerrado.", "Seis semanas de espera para una revisión."],
            after: ["Atendido en domingo, sonriendo el lunes.", "Revisión reservada en un minuto."],
        },
    ),
    (
        "ja",
        "dental-clinic",
        Lines {
            chore: "数週間先の予約待ち",
            before: ["土曜日に歯が痛い。どこも休診。", "検診の予約は6週間待ち。"],
            after: ["日曜日に診てもらえて、月曜日には笑顔。", "検診の予約が1分で完了。"],
        },
    ),
    (
        "zh",
        "dental-clinic",
        Lines {
            chore: "等好几周才挂上号",
            before: ["周六牙疼，诊所全都关门。", "做个检查要等六周。"],
            after: ["周日就能看牙，周一笑容回来了。", "一分钟就约好检查。"],
        },
    ),
    (
        "ar",
        "dental-clinic",
        Lines {
            chore: "انتظار موعد لأسابيع",
            before: ["ألم أسنان يوم السبت، وكل العيادات مغلقة.", "ستة أسابيع انتظار لفحص بسيط."],
            after: ["موعد يوم الأحد، وابتسامة يوم الاثنين.", "فحص محجوز في دقيقة واحدة."],
        },
    ),
    (
        "hi",
        "dental-clinic",
        Lines {
            chore: "अपॉइंटमेंट की हफ़्तों लंबी लाइन",
            before: ["शनिवार को दाँत में दर्द, और सब कुछ बंद।", "एक चेकअप के लिए छह हफ़्ते का इंतज़ार।"],
            after: ["रविवार को इलाज, सोमवार को फिर से मुस्कान।", "एक मिनट में चेकअप बुक।"],
        },
    ),
    (
        "de",
        "online-course",
        Lines {
            chore: "Kurse kaufen und nie abschließen",
            before: ["Den Kurs gekauft, nie angefangen.", "Zum dritten Mal Video eins neu gestartet."],
            after: ["Letzte Lektion geschafft, Zertifikat in der Hand.", "Zehn Minuten am Tag, und es bleibt hängen."],
        },
    ),
    (
        "es",
        "online-course",
        Lines {
            chore: "comprar cursos que nunca terminas",
            before: ["Comprado hace un año, sigo en la lección dos.", "El vídeo uno, empezado por tercera vez."],
            after: ["Última lección hecha, certificado en mano.", "Diez minutos al día, y se queda."],
        },
    ),
    (
        "ja",
        "online-course",
        Lines {
            chore: "講座の買いっぱなし",
            before: ["1年前に買った講座、まだ第2回。", "最初の動画を3回目の再生。"],
            after: ["最後まで修了、修了証も手に。", "1日10分で、ちゃんと身につく。"],
        },
    ),
    (
        "zh",
        "online-course",
        Lines {
            chore: "买了课却学不完",
            before: ["一年前买的课，还停在第二节。", "第一集视频，第三次从头看。"],
            after: ["全部学完，证书到手。", "每天十分钟，真的记住了。"],
        },
    ),
    (
        "ar",
        "online-course",
        Lines {
            chore: "شراء دورات لا تكتمل أبدًا",
            before: ["اشتريت الدورة قبل عام، وما زلت في الدرس الثاني.", "الفيديو الأول، للمرة الثالثة من البداية."],
            after: ["أنهيت الدرس الأخير، والشهادة في يدي.", "عشر دقائق يوميًا، والمعلومة تبقى."],
        },
    ),
    (
        "hi",
        "online-course",
        Lines {
            chore: "अधूरे कोर्स की आदत",
            before: ["साल भर पहले कोर्स ख़रीदा, अब भी दूसरे लेसन पर।", "पहला वीडियो, तीसरी बार शुरू से।"],
            after: ["कोर्स पूरा, सर्टिफ़िकेट हाथ में।", "रोज़ दस मिनट, और सब याद रहता है।"],
        },
    ),
    (
        "de",
        "pizza-restaurant",
        Lines {
            chore: "kalte Lieferpizza essen",
            before: ["Kalte, labbrige Pizza um Mitternacht.", "Alles hat schon zu, und der Hunger ist riesig."],
            after: ["Eine richtige Pizza an der Tür, auch spät noch.", "Knuspriger Rand, noch heiß, wenn sie ankommt."],
        },
    ),
    (
        "es",
        "pizza-restaurant",
        Lines {
            chore: "comer pizza fría a domicilio",
            before: ["Pizza fría y blanda a medianoche.", "Todo cerrado y un hambre enorme."],
            after: ["Una pizza de verdad en tu puerta, incluso tarde.", "Masa crujiente, todavía caliente al llegar."],
        },
    ),
    (
        "ja",
        "pizza-restaurant",
        Lines {
            chore: "冷めたピザでの我慢",
            before: ["深夜に冷めてふにゃふにゃのピザ。", "どこも閉店、おなかはペコペコ。"],
            after: ["夜遅くでも、本格ピザが玄関に。", "届いてもアツアツ、生地はカリッと。"],
        },
    ),
    (
        "zh",
        "pizza-restaurant",
        Lines {
            chore: "凑合吃冷掉的披萨",
            before: ["半夜收到一块又冷又软的披萨。", "店都关门了，肚子却饿得咕咕叫。"],
            after: ["再晚也能吃到正宗披萨，送到门口。", "送到还是热的，饼边酥脆。"],
        },
    ),
    (
        "ar",
        "pizza-restaurant",
        Lines {
            chore: "الرضا ببيتزا باردة",
            before: ["بيتزا باردة وطرية في منتصف الليل.", "كل المطاعم مغلقة، والجوع لا يُحتمل."],
            after: ["بيتزا حقيقية عند بابك، حتى في وقت متأخر.", "عجينة مقرمشة، وما زالت ساخنة عند وصولها."],
        },
    ),
    (
        "hi",
        "pizza-restaurant",
        Lines {
            chore: "ठंडे पिज़्ज़ा की मजबूरी",
            before: ["आधी रात को ठंडा, गीला पिज़्ज़ा।", "सब कुछ बंद, और भूख ज़ोरों पर।"],
            after: ["देर रात भी, असली पिज़्ज़ा दरवाज़े पर।", "कुरकुरा बेस, पहुँचने पर भी गरमागरम।"],
        },
    ),
    (
        "de",
        "invoicing-software",
        Lines {
            chore: "Rechnungen hinterherlaufen",
            before: ["Dritte Mahnung für dieselbe Rechnung.", "Sonntagabend, Rechnungen in der Tabelle basteln."],
            after: ["Rechnung in einer Minute raus, pünktlich bezahlt.", "Erinnerungen, die sich selbst verschicken."],
        },
    ),
    (
        "es",
        "invoicing-software",
        Lines {
            chore: "perseguir facturas",
            before: [
                "Tercer recordatorio por la misma factura.",
                "Domingo por la noche, haciendo facturas en una hoja de cálculo.",
            ],
            after: ["Factura enviada en un minuto, cobrada a tiempo.", "Recordatorios que se envían solos."],
        },
    ),
    (
        "ja",
        "invoicing-software",
        Lines {
            chore: "請求書の催促",
            before: ["同じ請求書で3回目の催促。", "日曜の夜、表計算ソフトで請求書づくり。"],
            after: ["請求書は1分で送信、支払いも期日どおり。", "催促メールは自動で送信。"],
        },
    ),
    (
        "zh",
        "invoicing-software",
        Lines {
            chore: "追着客户催款",
            before: ["同一张发票，第三次催款。", "周日晚上，还在表格里做发票。"],
            after: ["一分钟开好发票，按时收款。", "催款提醒自动发送。"],
        },
    ),
    (
        "ar",
        "invoicing-software",
        Lines {
            chore: "ملاحقة الفواتير المتأخرة",
            before: ["التذكير الثالث بالفاتورة نفسها.", "مساء الأحد، أعدّ الفواتير في جدول بيانات."],
            after: ["فاتورة تُرسل في دقيقة، ودفع في موعده.", "تذكيرات تُرسل وحدها."],
        },
    ),
    (
        "hi",
        "invoicing-software",
        Lines {
            chore: "बकाया पेमेंट की वसूली",
            before: ["एक ही इनवॉइस के लिए तीसरा रिमाइंडर।", "रविवार की रात, स्प्रेडशीट में बिल बनाना।"],
            after: ["एक मिनट में बिल भेजा, समय पर भुगतान।", "रिमाइंडर जो अपने-आप चले जाते हैं।"],
        },
    ),
    (
        "de",
        "hiking-backpack",
        Lines {
            chore: "einen drückenden Rucksack schleppen",
            before: [
                "Nach einer Stunde tun die Schultern weh.",
                "Bis ganz nach unten wühlen, nur für die Wasserflasche.",
            ],
            after: ["Zwanzig Kilometer, und der Rücken fühlt sich gut an.", "Alles genau da, wo die Hand es sucht."],
        },
    ),
    (
        "es",
        "hiking-backpack",
        Lines {
            chore: "cargar una mochila que hace daño",
            before: ["Los hombros doloridos a la primera hora.", "Rebuscar hasta el fondo para encontrar el agua."],
            after: ["Veinte kilómetros y la espalda como nueva.", "Todo justo donde la mano lo busca."],
        },
    ),
    (
        "ja",
        "hiking-backpack",
        Lines {
            chore: "肩が痛くなるザックでの山歩き",
            before: ["1時間で肩が痛くなる。", "水筒を探して、ザックの底までガサゴソ。"],
            after: ["20キロ歩いても、背中はラクなまま。", "必要なものが、手を伸ばした場所に。"],
        },
    ),
    (
        "zh",
        "hiking-backpack",
        Lines {
            chore: "背着勒肩的背包爬山",
            before: ["背了一个小时，肩膀就开始疼。", "为了拿水壶，把包翻到底。"],
            after: ["走了二十公里，背还是很轻松。", "想拿什么，伸手就到。"],
        },
    ),
    (
        "ar",
        "hiking-backpack",
        Lines {
            chore: "حمل حقيبة تؤلم الكتفين",
            before: ["الكتفان تؤلمان بعد الساعة الأولى.", "البحث في قاع الحقيبة عن زجاجة الماء."],
            after: ["عشرون كيلومترًا، والظهر بخير.", "كل شيء حيث تتوقعه يدك."],
        },
    ),
    (
        "hi",
        "hiking-backpack",
        Lines {
            chore: "कंधों का दर्द",
            before: ["पहले ही घंटे में कंधों में दर्द।", "पानी की बोतल के लिए पूरा बैग खंगालना।"],
            after: ["बीस किलोमीटर, और पीठ बिल्कुल ठीक।", "हर चीज़ वहीं, जहाँ हाथ जाए।"],
        },
    ),
    (
        "de",
        "staff-scheduling-software",
        Lines {
            chore: "den Dienstplan von Hand basteln",
            before: [
                "Sonntagabend, und der Dienstplan für nächste Woche ist noch voller Lücken.",
                "Eine Krankmeldung um sieben Uhr, und der ganze Dienstplan wackelt.",
            ],
            after: [
                "Der Dienstplan für nächste Woche steht in zehn Minuten.",
                "Jede Schicht besetzt, und das Team weiß schon Bescheid.",
            ],
        },
    ),
    (
        "es",
        "staff-scheduling-software",
        Lines {
            chore: "cuadrar los turnos a mano",
            before: [
                "Domingo por la noche y el cuadrante de la semana sigue lleno de huecos.",
                "Una baja a las siete de la mañana y se cae todo el cuadrante.",
            ],
            after: [
                "El cuadrante de la semana, listo en diez minutos.",
                "Todos los turnos cubiertos, y el equipo ya lo sabe.",
            ],
        },
    ),
    (
        "ja",
        "staff-scheduling-software",
        Lines {
            chore: "手作業のシフト作り",
            before: ["日曜の夜、来週のシフト表はまだ穴だらけ。", "朝7時に欠勤の連絡、シフトが全部崩れる。"],
            after: ["来週のシフトが10分で完成。", "全シフトが埋まり、チームにももう共有済み。"],
        },
    ),
    (
        "zh",
        "staff-scheduling-software",
        Lines {
            chore: "手工排班",
            before: ["周日晚上，下周的排班表还空着一大半。", "早上七点有人请病假，整张排班表全乱了。"],
            after: ["下周的排班十分钟搞定。", "每个班次都有人，团队也早就知道了。"],
        },
    ),
    (
        "ar",
        "staff-scheduling-software",
        Lines {
            chore: "إعداد جدول المناوبات يدويًا",
            before: [
                "مساء الأحد، وجدول الأسبوع القادم ما زال مليئًا بالفراغات.",
                "اتصال واحد بالمرض في السابعة صباحًا، فينهار الجدول كله.",
            ],
            after: ["جدول الأسبوع القادم جاهز في عشر دقائق.", "كل المناوبات مغطاة، والفريق يعرف مواعيده مسبقًا."],
        },
    ),
    (
        "hi",
        "staff-scheduling-software",
        Lines {
            chore: "हाथ से शिफ़्टों का चार्ट बनाना",
            before: [
                "रविवार की रात, और अगले हफ़्ते के शिफ़्ट चार्ट में अब भी कई खाली जगहें।",
                "सुबह सात बजे एक बीमारी की छुट्टी, और पूरा शिफ़्ट चार्ट बिगड़ गया।",
            ],
            after: ["अगले हफ़्ते का शिफ़्ट चार्ट दस मिनट में तैयार।", "हर शिफ़्ट भरी हुई, और टीम को पहले से पता है।"],
        },
    ),
];
