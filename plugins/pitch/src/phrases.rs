//! The pitch generator's phrase tables, one per language, each in its own script. The person's
//! name and the sender's offer are inserted as written; the phrases around them carry the
//! message and the language. Lines avoid forms that would guess the sender's or the reader's
//! gender (first-person past tenses in Slavic languages and Hindi, for instance).

/// Two lines of a meme: the top line and the bottom line.
pub type Meme = (&'static str, &'static str);

/// The phrases of one language.
pub struct Phrases {
    /// The title around a name in the language's script: (before, after).
    pub title: (&'static str, &'static str),
    /// A label before a quoted name (a name in another script), for the title.
    pub to: &'static str,
    /// Hooks around a name in the language's script: (before, after).
    pub hooks: [(&'static str, &'static str); 3],
    /// Labels before a quoted name, for the hook.
    pub hook_labels: [&'static str; 2],
    /// How the sender came across them: their website (no host known).
    pub website: [&'static str; 2],
    /// Labels before the website's host name.
    pub site: [&'static str; 2],
    /// How the sender came across them: their profile on X.
    pub x: [&'static str; 2],
    /// How the sender came across them: their LinkedIn profile.
    pub linkedin: [&'static str; 2],
    /// How the sender came across them: a sentence about them.
    pub sentence: [&'static str; 2],
    /// What they do, as a compliment.
    pub work: [&'static str; 3],
    /// An everyday struggle of theirs, the bridge to help.
    pub pain: [&'static str; 3],
    /// Labels before the sender's offer.
    pub offer: [&'static str; 2],
    /// Why the offer helps.
    pub helps: [&'static str; 3],
    /// Without an offer: an idea worth a conversation.
    pub idea: [&'static str; 3],
    /// A light, no-pressure closing line.
    pub close: [&'static str; 3],
    /// The first meme: about how much they carry alone.
    pub meme_a: [Meme; 2],
    /// The second meme: about them standing out.
    pub meme_b: [Meme; 2],
    /// Calls to action.
    pub cta: [&'static str; 3],
}

/// Every language the generator writes: ISO 639-1 code and its phrases.
pub const TABLES: [(&str, Phrases); 23] = [
    (
        "en",
        Phrases {
            title: ("For ", ""),
            to: "For: ",
            hooks: [
                ("Hi ", ", this one's for you."),
                ("Hey ", " — a quick note, just for you."),
                ("", ", I put this together for you."),
            ],
            hook_labels: ["This one's for: ", "A quick note for: "],
            website: ["I spent a few minutes on your website today.", "I had a look around your website."],
            site: ["I spent a few minutes on your site: ", "I had a look around your website: "],
            x: ["I've been reading your posts on X for a while.", "Your posts on X keep showing up in my feed."],
            linkedin: ["I came across your LinkedIn profile.", "Your LinkedIn profile caught my eye."],
            sentence: ["I heard a bit about what you do.", "Someone told me about your work."],
            work: [
                "You clearly care about what you make.",
                "It shows how much work goes into it.",
                "You've built something people come back to.",
            ],
            pain: [
                "But getting noticed takes time you'd rather spend on the work.",
                "Replying to messages and posting eats into your day.",
                "Growing takes hours nobody sees.",
            ],
            offer: ["Here's what I do: ", "What I offer: "],
            helps: [
                "It takes that off your plate, so you can keep building.",
                "It saves you hours every week.",
                "More people see your work, with less effort.",
            ],
            idea: [
                "I have an idea that could save you a few hours a week.",
                "I think I can help you reach more people.",
                "There's a small idea I'd love to show you.",
            ],
            close: [
                "No pressure — I just thought of you.",
                "Happy to share more if it's useful.",
                "Short and simple, I promise.",
            ],
            meme_a: [
                ("Nobody:", "You: answering messages at midnight again"),
                ("Your to-do list:", "You: “I'll just do it all myself”"),
            ],
            meme_b: [
                ("Me, reading about you:", "Exactly who I wanted to meet"),
                ("Everyone else:", "You, actually getting it done"),
            ],
            cta: ["Open to a quick chat this week?", "Want me to send the details?", "Worth a ten-minute call?"],
        },
    ),
    (
        "es",
        Phrases {
            title: ("Para ", ""),
            to: "Para: ",
            hooks: [
                ("Hola, ", ", esto es para ti."),
                ("¡Hola, ", "! Una nota rápida, solo para ti."),
                ("", ", preparé esto para ti."),
            ],
            hook_labels: ["Esto es para: ", "Una nota rápida para: "],
            website: ["Hoy pasé un rato por tu web.", "Estuve mirando tu sitio web."],
            site: ["Hoy pasé un rato por tu web: ", "Estuve mirando tu sitio: "],
            x: ["Llevo un tiempo leyendo tus publicaciones en X.", "Tus posts en X no paran de salirme."],
            linkedin: ["Vi tu perfil de LinkedIn.", "Tu perfil de LinkedIn me llamó la atención."],
            sentence: ["Me contaron un poco de lo que haces.", "Alguien me habló de tu trabajo."],
            work: [
                "Se nota que cuidas lo que haces.",
                "Se ve todo el trabajo que hay detrás.",
                "Has creado algo a lo que la gente vuelve.",
            ],
            pain: [
                "Pero hacerse notar quita tiempo que prefieres dedicar a tu trabajo.",
                "Responder mensajes y publicar se come tu día.",
                "Crecer lleva horas que nadie ve.",
            ],
            offer: ["Lo que hago: ", "Lo que ofrezco: "],
            helps: [
                "Te quita eso de encima para que sigas creando.",
                "Te ahorra horas cada semana.",
                "Más gente ve tu trabajo, con menos esfuerzo.",
            ],
            idea: [
                "Tengo una idea que te ahorraría unas horas a la semana.",
                "Creo que puedo ayudarte a llegar a más gente.",
                "Tengo una pequeña idea que me encantaría enseñarte.",
            ],
            close: [
                "Sin presión, simplemente pensé en ti.",
                "Si te sirve, te cuento más.",
                "Breve y sencillo, lo prometo.",
            ],
            meme_a: [
                ("Nadie:", "Tú: contestando mensajes a medianoche otra vez"),
                ("Tu lista de pendientes:", "Tú: «Ya lo hago yo todo»"),
            ],
            meme_b: [
                ("Yo, leyendo sobre ti:", "Justo a quien quería conocer"),
                ("Todos los demás:", "Tú, sacándolo adelante de verdad"),
            ],
            cta: [
                "¿Hablamos un momento esta semana?",
                "¿Te mando los detalles?",
                "¿Te va una llamada de diez minutos?",
            ],
        },
    ),
    (
        "pt",
        Phrases {
            title: ("Para ", ""),
            to: "Para: ",
            hooks: [
                ("Oi, ", ", isto é para você."),
                ("Olá, ", "! Uma mensagem rápida, só para você."),
                ("", ", preparei isto para você."),
            ],
            hook_labels: ["Isto é para: ", "Uma mensagem rápida para: "],
            website: ["Passei um tempo no seu site hoje.", "Dei uma olhada no seu site."],
            site: ["Passei um tempo no seu site: ", "Dei uma olhada no seu site: "],
            x: ["Tenho acompanhado seus posts no X.", "Seus posts no X não param de aparecer para mim."],
            linkedin: ["Encontrei seu perfil no LinkedIn.", "Seu perfil no LinkedIn chamou minha atenção."],
            sentence: ["Me contaram um pouco sobre o que você faz.", "Alguém me falou do seu trabalho."],
            work: [
                "Dá para ver o cuidado com o que você faz.",
                "Dá para ver quanto trabalho tem por trás.",
                "Você criou algo que faz as pessoas voltarem.",
            ],
            pain: [
                "Mas chamar atenção toma um tempo que você preferia usar no trabalho.",
                "Responder mensagens e postar come o seu dia.",
                "Crescer exige horas que ninguém vê.",
            ],
            offer: ["O que eu faço: ", "O que eu ofereço: "],
            helps: [
                "Isso sai das suas mãos e você continua criando.",
                "Você economiza horas toda semana.",
                "Mais gente vê seu trabalho, com menos esforço.",
            ],
            idea: [
                "Tenho uma ideia que pode te poupar algumas horas por semana.",
                "Acho que posso te ajudar a alcançar mais gente.",
                "Tenho uma ideia simples que adoraria te mostrar.",
            ],
            close: ["Sem pressão, só lembrei de você.", "Se for útil, te conto mais.", "Curto e simples, prometo."],
            meme_a: [
                ("Ninguém:", "Você: respondendo mensagens à meia-noite de novo"),
                ("Sua lista de tarefas:", "Você: «Deixa que eu faço tudo»"),
            ],
            meme_b: [
                ("Eu, lendo sobre você:", "Era exatamente quem eu queria conhecer"),
                ("Todo mundo:", "Você, fazendo acontecer de verdade"),
            ],
            cta: [
                "Que tal uma conversa rápida esta semana?",
                "Quer que eu mande os detalhes?",
                "Topa uma ligação de dez minutos?",
            ],
        },
    ),
    (
        "fr",
        Phrases {
            title: ("Pour ", ""),
            to: "Pour : ",
            hooks: [
                ("Bonjour ", ", ce message est pour vous."),
                ("Bonjour ", " ! Un petit mot rien que pour vous."),
                ("", ", j'ai préparé ceci pour vous."),
            ],
            hook_labels: ["Ce message est pour : ", "Un petit mot pour : "],
            website: ["J'ai passé quelques minutes sur votre site aujourd'hui.", "J'ai fait un tour sur votre site."],
            site: ["J'ai passé quelques minutes sur votre site : ", "J'ai fait un tour sur votre site : "],
            x: ["Je lis vos posts sur X depuis un moment.", "Vos posts sur X apparaissent souvent dans mon fil."],
            linkedin: ["J'ai vu votre profil LinkedIn.", "Votre profil LinkedIn a attiré mon attention."],
            sentence: ["On m'a un peu parlé de ce que vous faites.", "Quelqu'un m'a parlé de votre travail."],
            work: [
                "On voit que vous soignez ce que vous faites.",
                "On sent tout le travail qu'il y a derrière.",
                "Vous avez créé quelque chose qui donne envie de revenir.",
            ],
            pain: [
                "Mais se faire remarquer prend du temps que vous préféreriez consacrer au travail.",
                "Répondre aux messages et publier grignote vos journées.",
                "Grandir demande des heures que personne ne voit.",
            ],
            offer: ["Ce que je fais : ", "Ce que je propose : "],
            helps: [
                "Ça vous enlève cette charge, pour que vous continuiez à créer.",
                "Ça vous fait gagner des heures chaque semaine.",
                "Plus de gens voient votre travail, avec moins d'effort.",
            ],
            idea: [
                "J'ai une idée qui pourrait vous faire gagner quelques heures par semaine.",
                "Je pense pouvoir vous aider à toucher plus de monde.",
                "J'ai une petite idée que j'aimerais vous montrer.",
            ],
            close: [
                "Aucune pression, j'ai simplement pensé à vous.",
                "Je vous en dis plus si ça peut servir.",
                "Court et simple, promis.",
            ],
            meme_a: [
                ("Personne :", "Vous : encore à répondre aux messages à minuit"),
                ("Votre liste de tâches :", "Vous : « Je m'en occupe, de tout »"),
            ],
            meme_b: [
                ("Moi, en lisant votre page :", "Exactement la personne que je voulais rencontrer"),
                ("Tout le monde :", "Vous, qui passez vraiment à l'action"),
            ],
            cta: [
                "Un petit échange cette semaine ?",
                "Je vous envoie les détails ?",
                "Dix minutes au téléphone, ça vous dit ?",
            ],
        },
    ),
    (
        "de",
        Phrases {
            title: ("Für ", ""),
            to: "Für: ",
            hooks: [
                ("Hallo ", ", das hier ist für dich."),
                ("Hey ", ", eine kurze Nachricht nur für dich."),
                ("", ", das habe ich für dich vorbereitet."),
            ],
            hook_labels: ["Das hier ist für: ", "Eine kurze Nachricht für: "],
            website: [
                "Ich war heute ein paar Minuten auf deiner Website.",
                "Ich habe mich auf deiner Website umgesehen.",
            ],
            site: ["Ich war heute ein paar Minuten auf deiner Seite: ", "Ich habe mich auf deiner Website umgesehen: "],
            x: [
                "Ich lese schon eine Weile deine Posts auf X.",
                "Deine Posts auf X tauchen ständig in meinem Feed auf.",
            ],
            linkedin: ["Ich bin auf dein LinkedIn-Profil gestoßen.", "Dein LinkedIn-Profil ist mir aufgefallen."],
            sentence: ["Ich habe ein bisschen gehört, was du machst.", "Jemand hat mir von deiner Arbeit erzählt."],
            work: [
                "Man merkt, wie viel dir an deiner Arbeit liegt.",
                "Man sieht, wie viel Arbeit darin steckt.",
                "Du hast etwas gebaut, zu dem die Leute zurückkommen.",
            ],
            pain: [
                "Aber sichtbar zu werden kostet Zeit, die du lieber in die Arbeit steckst.",
                "Nachrichten und Posts fressen deinen Tag.",
                "Wachstum kostet Stunden, die niemand sieht.",
            ],
            offer: ["Was ich mache: ", "Mein Angebot: "],
            helps: [
                "Das nimmt dir diese Arbeit ab, damit du weiterbauen kannst.",
                "Das spart dir jede Woche Stunden.",
                "Mehr Leute sehen deine Arbeit, mit weniger Aufwand.",
            ],
            idea: [
                "Ich habe eine Idee, die dir ein paar Stunden pro Woche sparen könnte.",
                "Ich glaube, ich kann dir helfen, mehr Leute zu erreichen.",
                "Ich hätte da eine kleine Idee, die ich dir gern zeigen würde.",
            ],
            close: [
                "Kein Druck, ich musste einfach an dich denken.",
                "Wenn es hilft, erzähle ich gern mehr.",
                "Kurz und einfach, versprochen.",
            ],
            meme_a: [
                ("Niemand:", "Du: schon wieder um Mitternacht Nachrichten beantworten"),
                ("Deine To-do-Liste:", "Du: „Das mache ich schnell selbst.“"),
            ],
            meme_b: [
                ("Ich, als ich über dich gelesen habe:", "Genau dich wollte ich kennenlernen"),
                ("Alle anderen:", "Du: einfach machen"),
            ],
            cta: ["Hast du diese Woche kurz Zeit?", "Soll ich dir die Details schicken?", "Zehn Minuten am Telefon?"],
        },
    ),
    (
        "it",
        Phrases {
            title: ("Per ", ""),
            to: "Per: ",
            hooks: [
                ("Ciao ", ", questo è per te."),
                ("Ciao ", "! Un messaggio veloce, solo per te."),
                ("", ", ho preparato questo per te."),
            ],
            hook_labels: ["Questo è per: ", "Un messaggio veloce per: "],
            website: ["Oggi ho passato qualche minuto sul tuo sito.", "Ho dato un'occhiata al tuo sito."],
            site: ["Ho passato qualche minuto sul tuo sito: ", "Ho dato un'occhiata al tuo sito: "],
            x: ["Da un po' leggo i tuoi post su X.", "I tuoi post su X continuano a comparirmi nel feed."],
            linkedin: ["Ho visto il tuo profilo LinkedIn.", "Il tuo profilo LinkedIn mi ha colpito."],
            sentence: ["Mi hanno raccontato un po' di quello che fai.", "Qualcuno mi ha parlato del tuo lavoro."],
            work: [
                "Si vede che tieni a quello che fai.",
                "Si vede tutto il lavoro che c'è dietro.",
                "Hai creato qualcosa a cui la gente torna.",
            ],
            pain: [
                "Ma farsi notare ruba tempo che preferiresti dedicare al lavoro.",
                "Messaggi e post ti mangiano la giornata.",
                "Crescere richiede ore che nessuno vede.",
            ],
            offer: ["Cosa faccio: ", "Cosa offro: "],
            helps: [
                "Te ne liberi e continui a creare.",
                "Ti fa risparmiare ore ogni settimana.",
                "Più persone vedono il tuo lavoro, con meno fatica.",
            ],
            idea: [
                "Ho un'idea che potrebbe farti risparmiare qualche ora a settimana.",
                "Credo di poterti aiutare a raggiungere più persone.",
                "Ho una piccola idea che mi piacerebbe mostrarti.",
            ],
            close: [
                "Nessuna pressione, ho solo pensato a te.",
                "Se ti è utile, ti racconto di più.",
                "Breve e semplice, promesso.",
            ],
            meme_a: [
                ("Nessuno:", "Tu: di nuovo a rispondere ai messaggi a mezzanotte"),
                ("La tua lista di cose da fare:", "Tu: «Faccio tutto da me»"),
            ],
            meme_b: [
                ("Io, leggendo di te:", "Proprio chi volevo conoscere"),
                ("Tutti gli altri:", "Tu, che le cose le fai davvero"),
            ],
            cta: ["Ci sentiamo un attimo questa settimana?", "Ti mando i dettagli?", "Dieci minuti al telefono?"],
        },
    ),
    (
        "nl",
        Phrases {
            title: ("Voor ", ""),
            to: "Voor: ",
            hooks: [
                ("Hoi ", ", dit is voor jou."),
                ("Hallo ", ", een kort berichtje speciaal voor jou."),
                ("", ", dit heb ik voor je gemaakt."),
            ],
            hook_labels: ["Dit is voor: ", "Een kort berichtje voor: "],
            website: ["Ik was vandaag even op je website.", "Ik heb rondgekeken op je website."],
            site: ["Ik was vandaag even op je website: ", "Ik heb rondgekeken op je site: "],
            x: ["Ik lees al een tijdje je posts op X.", "Je posts op X komen steeds langs in mijn tijdlijn."],
            linkedin: ["Ik kwam je LinkedIn-profiel tegen.", "Je LinkedIn-profiel viel me op."],
            sentence: ["Ik hoorde een beetje over wat je doet.", "Iemand vertelde me over je werk."],
            work: [
                "Je ziet dat je echt geeft om wat je maakt.",
                "Je ziet hoeveel werk erin zit.",
                "Je hebt iets gebouwd waar mensen naar terugkomen.",
            ],
            pain: [
                "Maar opvallen kost tijd die je liever aan je werk besteedt.",
                "Berichten en posts slokken je dag op.",
                "Groeien kost uren die niemand ziet.",
            ],
            offer: ["Wat ik doe: ", "Wat ik aanbied: "],
            helps: [
                "Dat neemt het je uit handen, zodat jij door kunt bouwen.",
                "Het scheelt je elke week uren.",
                "Meer mensen zien je werk, met minder moeite.",
            ],
            idea: [
                "Ik heb een idee dat je een paar uur per week kan schelen.",
                "Ik denk dat ik je kan helpen meer mensen te bereiken.",
                "Ik heb een klein idee dat ik je graag laat zien.",
            ],
            close: [
                "Geen druk, ik moest gewoon aan je denken.",
                "Als het helpt, vertel ik je graag meer.",
                "Kort en simpel, beloofd.",
            ],
            meme_a: [
                ("Niemand:", "Jij: weer om middernacht berichten beantwoorden"),
                ("Je to-dolijst:", "Jij: ‘Ik doe het zelf wel even.’"),
            ],
            meme_b: [
                ("Ik, terwijl ik over je lees:", "Precies wie ik wilde ontmoeten"),
                ("Iedereen:", "Jij, die het gewoon doet"),
            ],
            cta: ["Zin in een kort gesprek deze week?", "Zal ik je de details sturen?", "Tien minuten bellen?"],
        },
    ),
    (
        "pl",
        Phrases {
            title: ("Dla: ", ""),
            to: "Dla: ",
            hooks: [
                ("Cześć, ", "! To wiadomość dla Ciebie."),
                ("Dzień dobry, ", "! Krótka wiadomość, specjalnie dla Ciebie."),
                ("", ", to specjalnie dla Ciebie."),
            ],
            hook_labels: ["To dla: ", "Krótka wiadomość dla: "],
            website: ["Przeglądam właśnie Twoją stronę.", "Twoja strona od razu przykuła moją uwagę."],
            site: ["Przeglądam właśnie Twoją stronę: ", "Moją uwagę przykuła Twoja strona: "],
            x: ["Od jakiegoś czasu czytam Twoje posty na X.", "Twoje posty na X ciągle pojawiają się w moim feedzie."],
            linkedin: ["Oglądam właśnie Twój profil na LinkedIn.", "Twój profil na LinkedIn przykuł moją uwagę."],
            sentence: ["Dużo dobrego słyszę o tym, co robisz.", "Ktoś opowiedział mi o Twojej pracy."],
            work: [
                "Widać, że zależy Ci na tym, co robisz.",
                "Widać, ile pracy w to wkładasz.",
                "Tworzysz coś, do czego ludzie wracają.",
            ],
            pain: [
                "Ale walka o uwagę zabiera czas, który wolisz poświęcić pracy.",
                "Wiadomości i posty zjadają Ci cały dzień.",
                "Rozwój to godziny, których nikt nie widzi.",
            ],
            offer: ["Czym się zajmuję: ", "Co oferuję: "],
            helps: [
                "To zdejmuje z Ciebie ten ciężar, a Ty możesz dalej tworzyć.",
                "Oszczędzasz dzięki temu godziny co tydzień.",
                "Więcej osób widzi Twoją pracę – przy mniejszym wysiłku.",
            ],
            idea: [
                "Mam pomysł, który może oszczędzić Ci kilka godzin tygodniowo.",
                "Myślę, że mogę pomóc Ci dotrzeć do większej liczby osób.",
                "Mam mały pomysł, który chętnie Ci pokażę.",
            ],
            close: [
                "Bez presji, po prostu przyszło mi to do głowy.",
                "Jeśli to przydatne, chętnie opowiem więcej.",
                "Krótko i prosto, obiecuję.",
            ],
            meme_a: [
                ("Nikt:", "Ty: znowu odpisujesz na wiadomości o północy"),
                ("Twoja lista zadań:", "Ty: „Ogarnę to wszystko w pojedynkę”"),
            ],
            meme_b: [
                ("Ja, czytając o Tobie:", "Właśnie kogoś takiego szukam"),
                ("Wszyscy inni:", "Ty: po prostu działasz"),
            ],
            cta: [
                "Znajdziesz chwilę na rozmowę w tym tygodniu?",
                "Wysłać Ci szczegóły?",
                "Dziesięć minut przez telefon?",
            ],
        },
    ),
    (
        "tr",
        Phrases {
            title: ("", " için"),
            to: "Kime: ",
            hooks: [
                ("Merhaba ", ", bu mesaj sizin için."),
                ("Selam ", ", size özel kısa bir not."),
                ("", ", bunu sizin için hazırladım."),
            ],
            hook_labels: ["Bu mesajın alıcısı: ", "Kısa bir not, alıcısı: "],
            website: ["Bugün web sitenizde birkaç dakika geçirdim.", "Web sitenize göz attım."],
            site: ["Bugün sitenizde birkaç dakika geçirdim: ", "Web sitenize göz attım: "],
            x: ["Bir süredir X'teki paylaşımlarınızı okuyorum.", "X'teki paylaşımlarınız sürekli akışıma düşüyor."],
            linkedin: ["LinkedIn profilinize rastladım.", "LinkedIn profiliniz dikkatimi çekti."],
            sentence: ["Ne yaptığınızı biraz duydum.", "Biri bana işinizden bahsetti."],
            work: [
                "Yaptığınız işe özen gösterdiğiniz belli.",
                "Arkasındaki emek hemen fark ediliyor.",
                "İnsanların tekrar tekrar döndüğü bir şey kurmuşsunuz.",
            ],
            pain: [
                "Ama fark edilmek, işinize ayırmak istediğiniz zamanı alıyor.",
                "Mesajlar ve paylaşımlar gününüzü yiyip bitiriyor.",
                "Büyümek, kimsenin görmediği saatler istiyor.",
            ],
            offer: ["Ne yapıyorum: ", "Sunduğum şey: "],
            helps: [
                "Bu yükü sizden alıyor, siz de üretmeye devam ediyorsunuz.",
                "Size her hafta saatler kazandırıyor.",
                "Daha az çabayla işinizi daha çok kişi görüyor.",
            ],
            idea: [
                "Haftada birkaç saatinizi kurtarabilecek bir fikrim var.",
                "Daha çok kişiye ulaşmanıza yardım edebilirim diye düşünüyorum.",
                "Size göstermek istediğim küçük bir fikrim var.",
            ],
            close: [
                "Baskı yok, sadece aklıma siz geldiniz.",
                "İşinize yararsa daha fazlasını anlatırım.",
                "Kısa ve basit, söz.",
            ],
            meme_a: [
                ("Kimse:", "Siz: yine gece yarısı mesaj cevaplarken"),
                ("Yapılacaklar listeniz:", "Siz: “Hepsini ben hallederim.”"),
            ],
            meme_b: [
                ("Ben, sizi okurken:", "Tam da tanışmak istediğim kişi"),
                ("Herkes:", "Siz, gerçekten işi bitirirken"),
            ],
            cta: [
                "Bu hafta kısa bir sohbete ne dersiniz?",
                "Detayları göndereyim mi?",
                "On dakikalık bir görüşme olur mu?",
            ],
        },
    ),
    (
        "ru",
        Phrases {
            title: ("Для: ", ""),
            to: "Кому: ",
            hooks: [
                ("Здравствуйте, ", "! Это сообщение для вас."),
                ("Добрый день, ", "! Короткое сообщение специально для вас."),
                ("", ", это специально для вас."),
            ],
            hook_labels: ["Это сообщение для: ", "Короткое сообщение для: "],
            website: ["Изучаю ваш сайт уже несколько минут.", "Ваш сайт сразу меня зацепил."],
            site: ["Изучаю ваш сайт: ", "Ваш сайт сразу меня зацепил: "],
            x: ["Уже какое-то время читаю ваши посты в X.", "Ваши посты в X постоянно попадаются мне в ленте."],
            linkedin: ["Ваш профиль в LinkedIn попался мне на глаза.", "Ваш профиль в LinkedIn привлёк моё внимание."],
            sentence: ["Мне немного рассказали о том, чем вы занимаетесь.", "Мне рассказали о вашей работе."],
            work: [
                "Видно, что вы вкладываетесь в то, что делаете.",
                "Видно, сколько труда за этим стоит.",
                "Вы создали то, к чему люди возвращаются.",
            ],
            pain: [
                "Но чтобы вас заметили, нужно время, которое хочется тратить на дело.",
                "Сообщения и посты съедают весь день.",
                "Рост требует часов, которых никто не видит.",
            ],
            offer: ["Чем я занимаюсь: ", "Что я предлагаю: "],
            helps: [
                "Это снимает с вас эту работу, и вы спокойно делаете своё.",
                "Это экономит вам часы каждую неделю.",
                "Больше людей видят вашу работу — с меньшими усилиями.",
            ],
            idea: [
                "Есть идея, которая может экономить вам пару часов в неделю.",
                "Думаю, я могу помочь вам охватить больше людей.",
                "Есть небольшая идея, которую хочется вам показать.",
            ],
            close: [
                "Ни к чему не обязывает — просто подумалось о вас.",
                "Если будет полезно, расскажу подробнее.",
                "Коротко и просто, обещаю.",
            ],
            meme_a: [
                ("Никто:", "Вы: снова отвечаете на сообщения в полночь"),
                ("Ваш список дел:", "Вы: «Ничего, всё успею»"),
            ],
            meme_b: [
                ("Я, читая о вас:", "Вот с кем надо познакомиться"),
                ("Все остальные:", "Вы: просто берёте и делаете"),
            ],
            cta: ["Созвонимся ненадолго на этой неделе?", "Прислать подробности?", "Найдётся десять минут на звонок?"],
        },
    ),
    (
        "uk",
        Phrases {
            title: ("Для: ", ""),
            to: "Кому: ",
            hooks: [
                ("Вітаю, ", "! Це повідомлення для вас."),
                ("Добрий день, ", "! Коротке повідомлення спеціально для вас."),
                ("", ", це спеціально для вас."),
            ],
            hook_labels: ["Це повідомлення для: ", "Коротке повідомлення для: "],
            website: ["Уже кілька хвилин вивчаю ваш сайт.", "Ваш сайт одразу мене зачепив."],
            site: ["Вивчаю ваш сайт: ", "Ваш сайт одразу мене зачепив: "],
            x: ["Уже якийсь час читаю ваші дописи в X.", "Ваші дописи в X постійно трапляються мені у стрічці."],
            linkedin: ["Ваш профіль у LinkedIn трапився мені на очі.", "Ваш профіль у LinkedIn привернув мою увагу."],
            sentence: ["Мені трохи розповіли, чим ви займаєтеся.", "Мені розповіли про вашу роботу."],
            work: [
                "Видно, що ви вкладаєтеся в те, що робите.",
                "Видно, скільки праці за цим стоїть.",
                "Ви створили те, до чого люди повертаються.",
            ],
            pain: [
                "Але щоб вас помітили, потрібен час, який хочеться віддати справі.",
                "Повідомлення й дописи з’їдають увесь день.",
                "Зростання вимагає годин, яких ніхто не бачить.",
            ],
            offer: ["Чим я займаюся: ", "Що я пропоную: "],
            helps: [
                "Це знімає з вас цю роботу, і ви спокійно робите своє.",
                "Це заощаджує вам години щотижня.",
                "Більше людей бачать вашу роботу — з меншими зусиллями.",
            ],
            idea: [
                "Маю ідею, яка може заощаджувати вам кілька годин на тиждень.",
                "Думаю, я можу допомогти вам охопити більше людей.",
                "Маю невелику ідею, яку хочу вам показати.",
            ],
            close: [
                "Ні до чого не зобов’язує — просто подумалося про вас.",
                "Якщо буде корисно, розповім більше.",
                "Коротко і просто, обіцяю.",
            ],
            meme_a: [
                ("Ніхто:", "Ви: знову відповідаєте на повідомлення опівночі"),
                ("Ваш список справ:", "Ви: «Нічого, все встигну»"),
            ],
            meme_b: [
                ("Я, читаючи про вас:", "Ось із ким треба познайомитися"),
                ("Усі інші:", "Ви: просто берете й робите"),
            ],
            cta: [
                "Зідзвонимося ненадовго цього тижня?",
                "Надіслати подробиці?",
                "Знайдеться десять хвилин на дзвінок?",
            ],
        },
    ),
    (
        "ar",
        Phrases {
            title: ("إلى ", ""),
            to: "إلى: ",
            hooks: [
                ("مرحبًا ", "، هذه الرسالة لكم."),
                ("أهلًا ", "، رسالة قصيرة خصيصًا لكم."),
                ("", "، أعددت هذا خصيصًا لكم."),
            ],
            hook_labels: ["هذه الرسالة موجّهة إلى: ", "رسالة قصيرة إلى: "],
            website: ["قضيت بضع دقائق اليوم في تصفح موقعكم.", "ألقيت نظرة على موقعكم الإلكتروني."],
            site: ["قضيت بضع دقائق في تصفح موقعكم: ", "ألقيت نظرة على موقعكم: "],
            x: ["أتابع منشوراتكم على منصة إكس منذ فترة.", "منشوراتكم على منصة إكس تظهر لي باستمرار."],
            linkedin: ["صادفت ملفكم الشخصي على لينكدإن.", "لفت ملفكم على لينكدإن انتباهي."],
            sentence: ["سمعت قليلًا عمّا تقومون به.", "حدّثني أحدهم عن عملكم."],
            work: [
                "يبدو واضحًا أنكم تهتمون بما تصنعون.",
                "يظهر حجم الجهد المبذول وراء عملكم.",
                "بنيتم شيئًا يعود إليه الناس مرة بعد مرة.",
            ],
            pain: [
                "لكن لفت الانتباه يستهلك وقتًا تفضّلون قضاءه في العمل.",
                "الرسائل والمنشورات تلتهم يومكم.",
                "النمو يتطلب ساعات لا يراها أحد.",
            ],
            offer: ["ما أقدّمه: ", "هذا ما أعمل عليه: "],
            helps: [
                "يرفع عنكم هذا العبء لتواصلوا الإبداع.",
                "يوفّر عليكم ساعات كل أسبوع.",
                "يرى عملكم عدد أكبر من الناس بجهد أقل.",
            ],
            idea: [
                "لديّ فكرة قد توفّر عليكم بضع ساعات كل أسبوع.",
                "أظن أنني أستطيع مساعدتكم في الوصول إلى عدد أكبر من الناس.",
                "لديّ فكرة صغيرة أودّ أن أعرضها عليكم.",
            ],
            close: [
                "دون أي ضغط، خطرتم ببالي فحسب.",
                "يسعدني أن أشارككم المزيد إن كان ذلك مفيدًا.",
                "باختصار وببساطة، أعدكم.",
            ],
            meme_a: [
                ("لا أحد:", "أنتم: تردّون على الرسائل في منتصف الليل مجددًا"),
                ("قائمة مهامكم:", "أنتم: «سأتولى كل شيء بنفسي»"),
            ],
            meme_b: [("أنا وأنا أقرأ عنكم:", "هذا بالضبط من أردت التعرّف إليه"), ("الجميع:", "أنتم: تنجزون الأمر فعلًا")],
            cta: ["هل يناسبكم حديث قصير هذا الأسبوع؟", "هل أرسل لكم التفاصيل؟", "ما رأيكم في مكالمة من عشر دقائق؟"],
        },
    ),
    (
        "fa",
        Phrases {
            title: ("برای ", ""),
            to: "به: ",
            hooks: [
                ("سلام ", "، این پیام برای شماست."),
                ("سلام ", "! یک پیام کوتاه، فقط برای شما."),
                ("", "، این را مخصوص شما آماده کرده‌ام."),
            ],
            hook_labels: ["این پیام برای: ", "یک پیام کوتاه برای: "],
            website: ["امروز چند دقیقه در وب‌سایت‌تان گشتم.", "نگاهی به وب‌سایت‌تان انداختم."],
            site: ["امروز چند دقیقه در سایت‌تان گشتم: ", "نگاهی به وب‌سایت‌تان انداختم: "],
            x: ["مدتی است پست‌های شما را در ایکس می‌خوانم.", "پست‌هایتان در ایکس مدام جلوی چشمم می‌آید."],
            linkedin: ["به پروفایل لینکدین شما برخوردم.", "پروفایل لینکدین‌تان توجهم را جلب کرد."],
            sentence: ["کمی درباره کاری که می‌کنید شنیدم.", "کسی از کارتان برایم گفت."],
            work: [
                "معلوم است که به کارتان اهمیت می‌دهید.",
                "زحمتی که پشت کارتان است پیداست.",
                "چیزی ساخته‌اید که مردم دوباره سراغش می‌آیند.",
            ],
            pain: [
                "اما دیده‌شدن وقتی می‌گیرد که ترجیح می‌دهید صرف کارتان کنید.",
                "پیام‌ها و پست‌ها کل روزتان را می‌گیرند.",
                "رشد کردن ساعت‌هایی می‌خواهد که کسی نمی‌بیند.",
            ],
            offer: ["کاری که می‌کنم: ", "پیشنهاد من: "],
            helps: [
                "این بار را از دوش‌تان برمی‌دارد تا به ساختن ادامه دهید.",
                "هر هفته ساعت‌ها در وقت‌تان صرفه‌جویی می‌کند.",
                "آدم‌های بیشتری کارتان را می‌بینند، با زحمت کمتر.",
            ],
            idea: [
                "ایده‌ای دارم که شاید هفته‌ای چند ساعت در وقت‌تان صرفه‌جویی کند.",
                "فکر می‌کنم می‌توانم کمک کنم به آدم‌های بیشتری برسید.",
                "یک ایده کوچک دارم که دوست دارم نشان‌تان بدهم.",
            ],
            close: [
                "هیچ اجباری نیست، فقط یاد شما افتادم.",
                "اگر به کارتان بیاید، بیشتر توضیح می‌دهم.",
                "کوتاه و ساده، قول می‌دهم.",
            ],
            meme_a: [
                ("هیچ‌کس:", "شما: باز هم نیمه‌شب در حال جواب دادن به پیام‌ها"),
                ("فهرست کارهای‌تان:", "شما: «همه را خودم انجام می‌دهم»"),
            ],
            meme_b: [
                ("من، وقتی درباره شما می‌خوانم:", "دقیقاً همان کسی که می‌خواستم بشناسم"),
                ("بقیه:", "شما: واقعاً کار را تمام می‌کنید"),
            ],
            cta: [
                "این هفته برای یک گفت‌وگوی کوتاه وقت دارید؟",
                "جزئیات را برایتان بفرستم؟",
                "یک تماس ده‌دقیقه‌ای چطور است؟",
            ],
        },
    ),
    (
        "hi",
        Phrases {
            title: ("", " के लिए"),
            to: "प्रति: ",
            hooks: [
                ("नमस्ते ", ", यह संदेश आपके लिए है।"),
                ("हाय ", ", एक छोटा-सा संदेश, सिर्फ़ आपके लिए।"),
                ("", ", यह ख़ास आपके लिए तैयार किया है।"),
            ],
            hook_labels: ["यह संदेश इनके लिए है: ", "एक छोटा-सा संदेश, इनके लिए: "],
            website: ["आज आपकी वेबसाइट पर कुछ मिनट बिताए।", "आपकी वेबसाइट देखी, अच्छी लगी।"],
            site: ["आज आपकी साइट पर कुछ मिनट बिताए: ", "आपकी वेबसाइट देखी: "],
            x: ["एक्स पर आपकी पोस्ट अक्सर मेरी फ़ीड में दिखती हैं।", "एक्स पर आपकी पोस्ट पढ़ना अच्छा लगता है।"],
            linkedin: ["लिंक्डइन पर आपकी प्रोफ़ाइल देखी।", "लिंक्डइन पर आपकी प्रोफ़ाइल ने ध्यान खींचा।"],
            sentence: ["आपके काम के बारे में थोड़ा सुना है।", "किसी ने मुझे आपके काम के बारे में बताया।"],
            work: [
                "आपके काम में आपकी लगन साफ़ दिखती है।",
                "इसके पीछे की मेहनत साफ़ नज़र आती है।",
                "आपने ऐसा कुछ बनाया है जिस पर लोग बार-बार लौटते हैं।",
            ],
            pain: [
                "पर लोगों की नज़र में आने में काम का कीमती समय चला जाता है।",
                "मैसेज और पोस्ट में ही पूरा दिन निकल जाता है।",
                "आगे बढ़ने में ऐसे घंटे लगते हैं जो किसी को नहीं दिखते।",
            ],
            offer: ["मेरा काम: ", "मेरी पेशकश: "],
            helps: [
                "यह बोझ आपसे हट जाता है, ताकि आप काम पर ध्यान दें।",
                "इससे हर हफ़्ते घंटों की बचत होती है।",
                "कम मेहनत में ज़्यादा लोग आपका काम देखते हैं।",
            ],
            idea: [
                "एक आइडिया है जो हर हफ़्ते आपके कुछ घंटे बचा सकता है।",
                "ज़्यादा लोगों तक पहुँचने में शायद मेरी मदद काम आए।",
                "एक छोटा-सा आइडिया आपको दिखाना है।",
            ],
            close: ["कोई दबाव नहीं, बस आपका ख़याल आया।", "काम का लगे तो और बताने में ख़ुशी होगी।", "छोटा और सीधा, वादा है।"],
            meme_a: [("कोई नहीं:", "आधी रात को फिर से मैसेज के जवाब"), ("आपकी टू-डू लिस्ट:", "अकेले सब कुछ संभालने की ज़िद")],
            meme_b: [("आपके बारे में पढ़कर मैं:", "बिल्कुल ऐसे ही किसी से मिलना था"), ("बाकी सब:", "आप: काम पूरा, बिना शोर")],
            cta: ["इस हफ़्ते थोड़ी देर बात करें?", "डिटेल्स भेज दूँ?", "दस मिनट की कॉल हो जाए?"],
        },
    ),
    (
        "bn",
        Phrases {
            title: ("", "-এর জন্য"),
            to: "প্রতি: ",
            hooks: [
                ("হ্যালো ", ", এই বার্তাটি আপনার জন্য।"),
                ("হাই ", ", ছোট্ট একটা বার্তা, শুধু আপনার জন্য।"),
                ("", ", এটা বিশেষ করে আপনার জন্য বানিয়েছি।"),
            ],
            hook_labels: ["এই বার্তাটি যাঁর জন্য: ", "ছোট্ট একটা বার্তা, প্রাপক: "],
            website: ["আজ আপনার ওয়েবসাইটে কয়েক মিনিট কাটালাম।", "আপনার ওয়েবসাইটটা ঘুরে দেখলাম।"],
            site: ["আজ আপনার সাইটে কয়েক মিনিট কাটালাম: ", "আপনার ওয়েবসাইটটা ঘুরে দেখলাম: "],
            x: ["কিছুদিন ধরে এক্স-এ আপনার পোস্টগুলো পড়ছি।", "এক্স-এ আপনার পোস্টগুলো বারবার আমার ফিডে আসে।"],
            linkedin: ["লিংকডইনে আপনার প্রোফাইলটা চোখে পড়ল।", "লিংকডইনে আপনার প্রোফাইলটা নজর কাড়ল।"],
            sentence: ["আপনার কাজের কথা একটু শুনেছি।", "একজন আমাকে আপনার কাজের কথা বলল।"],
            work: [
                "বোঝা যায়, নিজের কাজ নিয়ে আপনি খুব যত্নশীল।",
                "এর পেছনের পরিশ্রমটা স্পষ্ট চোখে পড়ে।",
                "আপনি এমন কিছু বানিয়েছেন, যার কাছে মানুষ বারবার ফিরে আসে।",
            ],
            pain: [
                "কিন্তু সবার নজরে আসতে যে সময় লাগে, সেটা আপনি কাজেই দিতে চান।",
                "মেসেজ আর পোস্টেই পুরো দিন চলে যায়।",
                "বড় হতে এমন অনেক ঘণ্টা লাগে, যা কেউ দেখে না।",
            ],
            offer: ["আমি যা করি: ", "আমার প্রস্তাব: "],
            helps: [
                "এই ঝামেলাটা আপনার কাঁধ থেকে নেমে যায়, আপনি কাজে মন দিতে পারেন।",
                "প্রতি সপ্তাহে আপনার কয়েক ঘণ্টা বাঁচে।",
                "কম খাটুনিতে আরও বেশি মানুষ আপনার কাজ দেখে।",
            ],
            idea: [
                "আমার একটা আইডিয়া আছে, যা সপ্তাহে আপনার কয়েক ঘণ্টা বাঁচাতে পারে।",
                "মনে হয়, আরও বেশি মানুষের কাছে পৌঁছাতে আমি আপনাকে সাহায্য করতে পারি।",
                "ছোট্ট একটা আইডিয়া আছে, আপনাকে দেখাতে চাই।",
            ],
            close: ["কোনো চাপ নেই, শুধু আপনার কথা মনে পড়ল।", "কাজে লাগলে আরও বলতে পারি।", "ছোট আর সহজ, কথা দিচ্ছি।"],
            meme_a: [
                ("কেউ না:", "আপনি: আবারও মাঝরাতে মেসেজের উত্তর দিচ্ছেন"),
                ("আপনার কাজের তালিকা:", "আপনি: “সব আমি নিজেই করব”"),
            ],
            meme_b: [("আপনার কথা পড়ে আমি:", "ঠিক এমন কাউকেই খুঁজছিলাম"), ("বাকি সবাই:", "আপনি: সত্যিই কাজটা শেষ করছেন")],
            cta: ["এই সপ্তাহে একটু কথা বলা যায়?", "বিস্তারিত পাঠিয়ে দেব?", "দশ মিনিটের একটা কল হবে?"],
        },
    ),
    (
        "id",
        Phrases {
            title: ("Untuk ", ""),
            to: "Untuk: ",
            hooks: [
                ("Halo ", ", pesan ini untuk Anda."),
                ("Hai ", ", catatan singkat, khusus untuk Anda."),
                ("", ", saya menyiapkan ini khusus untuk Anda."),
            ],
            hook_labels: ["Pesan ini untuk: ", "Catatan singkat untuk: "],
            website: [
                "Hari ini saya menghabiskan beberapa menit di situs web Anda.",
                "Saya sempat melihat-lihat situs web Anda.",
            ],
            site: ["Saya menghabiskan beberapa menit di situs Anda: ", "Saya sempat melihat-lihat situs web Anda: "],
            x: [
                "Sudah beberapa waktu saya membaca postingan Anda di X.",
                "Postingan Anda di X terus muncul di linimasa saya.",
            ],
            linkedin: ["Saya menemukan profil LinkedIn Anda.", "Profil LinkedIn Anda menarik perhatian saya."],
            sentence: [
                "Saya sedikit mendengar tentang apa yang Anda kerjakan.",
                "Seseorang bercerita kepada saya tentang karya Anda.",
            ],
            work: [
                "Terlihat jelas Anda peduli dengan apa yang Anda buat.",
                "Kerja keras di baliknya benar-benar terasa.",
                "Anda membangun sesuatu yang membuat orang terus kembali.",
            ],
            pain: [
                "Tapi supaya dilirik orang, waktu untuk berkarya jadi tersita.",
                "Membalas pesan dan membuat postingan menghabiskan hari Anda.",
                "Bertumbuh butuh jam kerja yang tidak dilihat siapa pun.",
            ],
            offer: ["Yang saya kerjakan: ", "Yang saya tawarkan: "],
            helps: [
                "Beban itu terangkat, jadi Anda bisa terus berkarya.",
                "Menghemat waktu Anda berjam-jam setiap minggu.",
                "Lebih banyak orang melihat karya Anda, dengan usaha lebih sedikit.",
            ],
            idea: [
                "Saya punya ide yang bisa menghemat beberapa jam Anda setiap minggu.",
                "Saya rasa saya bisa membantu Anda menjangkau lebih banyak orang.",
                "Ada ide kecil yang ingin saya tunjukkan kepada Anda.",
            ],
            close: [
                "Tanpa paksaan, saya hanya teringat Anda.",
                "Kalau berguna, dengan senang hati saya ceritakan lebih lanjut.",
                "Singkat dan sederhana, janji.",
            ],
            meme_a: [
                ("Tidak ada yang:", "Anda: lagi-lagi membalas pesan tengah malam"),
                ("Daftar tugas Anda:", "Anda: “Biar saya kerjakan sendiri”"),
            ],
            meme_b: [
                ("Saya, saat membaca tentang Anda:", "Inilah orang yang ingin saya temui"),
                ("Semua orang:", "Anda: benar-benar menyelesaikannya"),
            ],
            cta: [
                "Bisa ngobrol sebentar minggu ini?",
                "Mau saya kirimkan detailnya?",
                "Telepon sepuluh menit, bagaimana?",
            ],
        },
    ),
    (
        "ms",
        Phrases {
            title: ("Untuk ", ""),
            to: "Kepada: ",
            hooks: [
                ("Hai ", ", mesej ini untuk anda."),
                ("Salam ", ", nota ringkas, khas untuk anda."),
                ("", ", saya sediakan ini khas untuk anda."),
            ],
            hook_labels: ["Mesej ini untuk: ", "Nota ringkas untuk: "],
            website: [
                "Hari ini saya luangkan beberapa minit di laman web anda.",
                "Saya sempat meninjau laman web anda.",
            ],
            site: ["Saya luangkan beberapa minit di laman anda: ", "Saya sempat meninjau laman web anda: "],
            x: ["Sudah agak lama saya membaca hantaran anda di X.", "Hantaran anda di X selalu muncul di suapan saya."],
            linkedin: ["Saya terjumpa profil LinkedIn anda.", "Profil LinkedIn anda menarik perhatian saya."],
            sentence: [
                "Saya ada dengar sedikit tentang apa yang anda buat.",
                "Seseorang memberitahu saya tentang kerja anda.",
            ],
            work: [
                "Jelas anda mengambil berat tentang apa yang anda hasilkan.",
                "Usaha di sebaliknya memang terasa.",
                "Anda membina sesuatu yang membuatkan orang terus kembali.",
            ],
            pain: [
                "Tetapi untuk dikenali, masa untuk berkarya pula yang terkorban.",
                "Membalas mesej dan membuat hantaran menghabiskan hari anda.",
                "Untuk berkembang, ada banyak jam yang tiada siapa nampak.",
            ],
            offer: ["Apa yang saya buat: ", "Apa yang saya tawarkan: "],
            helps: [
                "Beban itu diangkat, jadi anda boleh terus berkarya.",
                "Ia menjimatkan masa anda berjam-jam setiap minggu.",
                "Lebih ramai orang nampak kerja anda, dengan usaha yang kurang.",
            ],
            idea: [
                "Saya ada idea yang boleh menjimatkan beberapa jam anda setiap minggu.",
                "Saya rasa saya boleh bantu anda capai lebih ramai orang.",
                "Ada satu idea kecil yang saya ingin tunjukkan kepada anda.",
            ],
            close: [
                "Tiada paksaan, saya cuma teringatkan anda.",
                "Kalau berguna, saya boleh ceritakan lagi.",
                "Ringkas dan mudah, janji.",
            ],
            meme_a: [
                ("Tiada siapa:", "Anda: membalas mesej tengah malam lagi"),
                ("Senarai tugasan anda:", "Anda: “Biar saya buat sendiri”"),
            ],
            meme_b: [
                ("Saya, bila baca tentang anda:", "Inilah orang yang saya mahu kenal"),
                ("Orang lain:", "Anda: betul-betul menyiapkannya"),
            ],
            cta: [
                "Boleh berbual sekejap minggu ini?",
                "Nak saya hantarkan butirannya?",
                "Panggilan sepuluh minit, boleh?",
            ],
        },
    ),
    (
        "vi",
        Phrases {
            title: ("Gửi ", ""),
            to: "Gửi: ",
            hooks: [
                ("Chào ", ", tin nhắn này dành cho bạn."),
                ("Xin chào ", ", một lời nhắn ngắn, chỉ dành cho bạn."),
                ("", ", mình đã chuẩn bị điều này riêng cho bạn."),
            ],
            hook_labels: ["Tin nhắn này gửi đến: ", "Lời nhắn ngắn gửi: "],
            website: ["Hôm nay mình đã dành vài phút xem trang web của bạn.", "Mình vừa ghé qua trang web của bạn."],
            site: ["Mình đã dành vài phút xem trang của bạn: ", "Mình vừa ghé qua trang web của bạn: "],
            x: [
                "Mình đọc các bài đăng của bạn trên X một thời gian rồi.",
                "Bài đăng của bạn trên X cứ hiện lên trên bảng tin của mình.",
            ],
            linkedin: ["Mình tình cờ thấy hồ sơ LinkedIn của bạn.", "Hồ sơ LinkedIn của bạn làm mình chú ý."],
            sentence: ["Mình có nghe một chút về công việc của bạn.", "Có người kể với mình về những gì bạn làm."],
            work: [
                "Nhìn là biết bạn rất chăm chút cho những gì mình làm.",
                "Thấy rõ bao nhiêu công sức đằng sau đó.",
                "Bạn đã tạo ra thứ khiến mọi người quay lại.",
            ],
            pain: [
                "Nhưng để được chú ý thì tốn thời gian mà bạn muốn dành cho công việc.",
                "Trả lời tin nhắn và đăng bài chiếm cả ngày của bạn.",
                "Phát triển cần những giờ làm không ai thấy.",
            ],
            offer: ["Mình làm gì: ", "Điều mình đề xuất: "],
            helps: [
                "Việc đó được gỡ khỏi vai bạn, để bạn tiếp tục sáng tạo.",
                "Giúp bạn tiết kiệm hàng giờ mỗi tuần.",
                "Nhiều người thấy công việc của bạn hơn, mà ít công sức hơn.",
            ],
            idea: [
                "Mình có một ý tưởng có thể giúp bạn tiết kiệm vài giờ mỗi tuần.",
                "Mình nghĩ mình có thể giúp bạn tiếp cận nhiều người hơn.",
                "Mình có một ý tưởng nhỏ muốn cho bạn xem.",
            ],
            close: [
                "Không áp lực gì đâu, chỉ là mình nghĩ đến bạn.",
                "Nếu hữu ích, mình kể thêm nhé.",
                "Ngắn gọn thôi, hứa đấy.",
            ],
            meme_a: [
                ("Không ai cả:", "Bạn: lại trả lời tin nhắn lúc nửa đêm"),
                ("Danh sách việc cần làm của bạn:", "Bạn: “Để mình tự làm hết”"),
            ],
            meme_b: [
                ("Mình, khi đọc về bạn:", "Đúng người mình muốn gặp"),
                ("Mọi người:", "Bạn: thật sự làm xong việc"),
            ],
            cta: ["Tuần này mình nói chuyện chút nhé?", "Mình gửi bạn chi tiết nhé?", "Gọi mười phút được không?"],
        },
    ),
    (
        "th",
        Phrases {
            title: ("ถึง ", ""),
            to: "ถึง: ",
            hooks: [
                ("สวัสดี ", " ข้อความนี้สำหรับคุณ"),
                ("หวัดดี ", " ขอส่งข้อความสั้น ๆ ถึงคุณโดยเฉพาะ"),
                ("", " นี่คือสิ่งที่เตรียมไว้ให้คุณโดยเฉพาะ"),
            ],
            hook_labels: ["ข้อความนี้ส่งถึง: ", "ข้อความสั้น ๆ ถึง: "],
            website: ["วันนี้ได้เข้าไปดูเว็บไซต์ของคุณมาสักพัก", "เพิ่งได้แวะดูเว็บไซต์ของคุณ"],
            site: ["วันนี้ได้เข้าไปดูเว็บไซต์ของคุณ: ", "เพิ่งได้แวะดูเว็บของคุณ: "],
            x: ["ติดตามโพสต์ของคุณบน X มาสักพักแล้ว", "โพสต์ของคุณบน X โผล่มาในฟีดบ่อยมาก"],
            linkedin: ["บังเอิญเจอโปรไฟล์ LinkedIn ของคุณ", "โปรไฟล์ LinkedIn ของคุณสะดุดตามาก"],
            sentence: ["ได้ยินเรื่องงานของคุณมาบ้าง", "มีคนเล่าให้ฟังเกี่ยวกับงานของคุณ"],
            work: ["ดูออกเลยว่าคุณใส่ใจกับงานที่ทำมาก", "เห็นได้ชัดว่ามีความตั้งใจอยู่เบื้องหลัง", "คุณสร้างสิ่งที่ทำให้คนอยากกลับมาอีก"],
            pain: [
                "แต่การทำให้คนรู้จักกินเวลาที่คุณอยากใช้ทำงานจริง ๆ",
                "แค่ตอบข้อความกับโพสต์งานก็หมดวันแล้ว",
                "การเติบโตต้องใช้ชั่วโมงที่ไม่มีใครเห็น",
            ],
            offer: ["สิ่งที่ทำอยู่: ", "สิ่งที่อยากเสนอ: "],
            helps: [
                "ช่วยยกภาระนี้ออกไป ให้คุณได้โฟกัสกับงาน",
                "ช่วยประหยัดเวลาคุณได้หลายชั่วโมงทุกสัปดาห์",
                "คนเห็นงานของคุณมากขึ้น โดยเหนื่อยน้อยลง",
            ],
            idea: [
                "มีไอเดียที่อาจช่วยประหยัดเวลาคุณได้หลายชั่วโมงต่อสัปดาห์",
                "คิดว่าน่าจะช่วยให้คุณเข้าถึงคนได้มากขึ้น",
                "มีไอเดียเล็ก ๆ ที่อยากให้คุณลองดู",
            ],
            close: ["ไม่ได้กดดันนะ แค่นึกถึงคุณขึ้นมา", "ถ้ามีประโยชน์ ยินดีเล่าเพิ่มนะ", "สั้น ๆ ง่าย ๆ สัญญา"],
            meme_a: [("ไม่มีใคร:", "คุณ: ตอบแชตตอนเที่ยงคืนอีกแล้ว"), ("ลิสต์งานของคุณ:", "คุณ: “เดี๋ยวทำเองหมดเลย”")],
            meme_b: [("ฉันตอนอ่านเรื่องของคุณ:", "นี่แหละคนที่อยากรู้จัก"), ("คนอื่น ๆ:", "คุณ: ลงมือทำจนเสร็จจริง")],
            cta: ["สัปดาห์นี้คุยกันสั้น ๆ ได้ไหม", "ให้ส่งรายละเอียดไปไหม", "โทรคุยสักสิบนาทีได้ไหม"],
        },
    ),
    (
        "zh",
        Phrases {
            title: ("写给", ""),
            to: "致：",
            hooks: [
                ("", "，您好！这条消息是写给您的。"),
                ("嗨，", "！一条简短的消息，专门写给您。"),
                ("", "，这是我特意为您准备的。"),
            ],
            hook_labels: ["这条消息写给：", "一条简短的消息，写给："],
            website: ["今天花了几分钟浏览您的网站。", "刚看了看您的网站。"],
            site: ["今天花了几分钟浏览您的网站：", "刚看了看您的网站："],
            x: ["关注您在推特上的帖子有一阵子了。", "您在推特上的帖子总出现在我的时间线里。"],
            linkedin: ["偶然看到了您的领英主页。", "您的领英主页吸引了我的注意。"],
            sentence: ["听说了一些您在做的事。", "有人跟我聊起过您的工作。"],
            work: [
                "您对自己的作品很用心，一看就知道。",
                "背后的付出一眼就能看出来。",
                "您做出了让人愿意一再回来的东西。",
            ],
            pain: [
                "但想被更多人看到，总要占用本想花在正事上的时间。",
                "回消息、发帖子，一天就过去了。",
                "成长需要很多别人看不见的时间。",
            ],
            offer: ["我做的是：", "我能提供的："],
            helps: [
                "它帮您卸下这份负担，让您专心做事。",
                "每周能帮您省下好几个小时。",
                "花更少的力气，让更多人看到您的作品。",
            ],
            idea: [
                "我有个想法，也许每周能帮您省下几个小时。",
                "我想我能帮您触达更多的人。",
                "有个小想法，很想给您看看。",
            ],
            close: ["没有压力，只是想到了您。", "如果有用，我很乐意多聊聊。", "简短说几句，不占您太多时间。"],
            meme_a: [("没有人：", "您：又在半夜回消息"), ("您的待办清单：", "您：“我自己来就行”")],
            meme_b: [("读到您介绍时的我：", "这正是我想认识的人"), ("其他人：", "您：真的把事做成了")],
            cta: ["这周方便简单聊聊吗？", "要我把详细信息发给您吗？", "打个十分钟的电话怎么样？"],
        },
    ),
    (
        "ja",
        Phrases {
            title: ("", "様へ"),
            to: "宛先：",
            hooks: [
                ("", "様、はじめまして。突然のご連絡失礼します。"),
                ("", "様、こんにちは。少しだけお時間をください。"),
                ("", "様に宛てて、短いメッセージを書きました。"),
            ],
            hook_labels: ["このメッセージの宛先：", "短いメッセージをお送りします。宛先："],
            website: ["今日、ウェブサイトを数分ほど拝見しました。", "ウェブサイトを拝見しました。"],
            site: ["今日、サイトを数分ほど拝見しました：", "ウェブサイトを拝見しました："],
            x: ["しばらく前からXでの投稿を拝見しています。", "Xでの投稿がよくタイムラインに流れてきます。"],
            linkedin: ["LinkedInのプロフィールを拝見しました。", "LinkedInのプロフィールが目に留まりました。"],
            sentence: ["お仕事について少しお話を伺いました。", "ある方から、お仕事のことを聞きました。"],
            work: [
                "ご自身の仕事を大切にされているのが伝わってきます。",
                "その裏にある努力がよく伝わります。",
                "人が何度も戻ってくるものを作られていますね。",
            ],
            pain: [
                "ただ、注目を集めるには、本業に使いたい時間が取られがちです。",
                "メッセージ対応や投稿だけで一日が終わってしまいます。",
                "成長には、誰にも見えない時間がかかります。",
            ],
            offer: ["私の仕事：", "ご提案："],
            helps: [
                "その負担を減らし、本業に集中できるようにします。",
                "毎週、何時間もの時間を節約できます。",
                "少ない手間で、より多くの人に届きます。",
            ],
            idea: [
                "毎週数時間を節約できるかもしれないアイデアがあります。",
                "より多くの人に届くお手伝いができると思います。",
                "ぜひお見せしたい小さなアイデアがあります。",
            ],
            close: [
                "無理にとは言いません。ふと思い浮かんだだけです。",
                "お役に立ちそうなら、詳しくお話しします。",
                "短く、シンプルにお伝えしました。",
            ],
            meme_a: [
                ("誰も：", "あなた：また深夜にメッセージ返信中"),
                ("やることリスト：", "あなた：「全部自分でやります」"),
            ],
            meme_b: [
                ("あなたのことを読んだ私：", "まさに会いたかった人だ"),
                ("ほかのみんな：", "あなた：本当にやり遂げている"),
            ],
            cta: [
                "今週、少しお話しできませんか？",
                "詳細をお送りしてもよろしいですか？",
                "10分ほどお電話いかがでしょうか？",
            ],
        },
    ),
    (
        "ko",
        Phrases {
            title: ("", "님께"),
            to: "받는 분: ",
            hooks: [
                ("", "님, 안녕하세요! 짧게 인사드려요."),
                ("", "님, 처음 연락드려요. 반가워요."),
                ("", "님께 드리는 짧은 메시지예요."),
            ],
            hook_labels: ["이 메시지를 받는 분: ", "짧은 메시지를 드려요. 받는 분: "],
            website: ["오늘 웹사이트를 몇 분 동안 둘러봤어요.", "웹사이트를 살펴봤어요."],
            site: ["오늘 사이트를 몇 분 동안 둘러봤어요: ", "웹사이트를 살펴봤어요: "],
            x: ["한동안 X에 올리신 글을 읽어 왔어요.", "X에 올리신 글이 제 피드에 자주 보여요."],
            linkedin: ["링크드인 프로필을 우연히 봤어요.", "링크드인 프로필이 눈에 띄었어요."],
            sentence: ["하시는 일에 대해 조금 들었어요.", "누군가 하시는 일에 대해 이야기해 줬어요."],
            work: [
                "하시는 일에 정성을 쏟고 계신 게 느껴져요.",
                "그 뒤에 들어간 노력이 그대로 보여요.",
                "사람들이 계속 다시 찾는 걸 만드셨네요.",
            ],
            pain: [
                "그런데 알려지려면 본업에 쓰고 싶은 시간을 빼앗기죠.",
                "메시지 답장과 게시물만으로 하루가 다 가요.",
                "성장에는 아무도 보지 못하는 시간이 들어요.",
            ],
            offer: ["제가 하는 일: ", "제안 드리는 것: "],
            helps: [
                "그 부담을 덜어 드려서 본업에 집중하실 수 있어요.",
                "매주 몇 시간씩 아껴 드려요.",
                "적은 노력으로 더 많은 사람에게 닿아요.",
            ],
            idea: [
                "매주 몇 시간을 아껴 드릴 수 있는 아이디어가 있어요.",
                "더 많은 사람에게 닿도록 도와드릴 수 있을 것 같아요.",
                "꼭 보여 드리고 싶은 작은 아이디어가 있어요.",
            ],
            close: [
                "부담 갖지 마세요. 그냥 생각이 나서요.",
                "도움이 된다면 더 자세히 말씀드릴게요.",
                "짧고 간단하게, 약속해요.",
            ],
            meme_a: [("아무도:", "자정에 또 메시지 답장하는 중"), ("할 일 목록:", "“그냥 내가 다 할게”")],
            meme_b: [("소개를 읽은 나:", "딱 만나고 싶던 분이다"), ("다른 사람들:", "진짜로 해내는 중")],
            cta: ["이번 주에 잠깐 이야기 나눌 수 있을까요?", "자세한 내용을 보내 드릴까요?", "10분 통화 어떠세요?"],
        },
    ),
    (
        "sw",
        Phrases {
            title: ("Kwa ", ""),
            to: "Kwa: ",
            hooks: [
                ("Habari ", ", ujumbe huu ni kwa ajili yako."),
                ("Hujambo ", "! Ujumbe mfupi, kwa ajili yako tu."),
                ("", ", nimekuandalia hiki maalum."),
            ],
            hook_labels: ["Ujumbe huu ni kwa: ", "Ujumbe mfupi kwa: "],
            website: ["Leo nimetumia dakika chache kwenye tovuti yako.", "Nimepitia tovuti yako."],
            site: ["Nimetumia dakika chache kwenye tovuti yako: ", "Nimepitia tovuti yako: "],
            x: [
                "Nimekuwa nikisoma machapisho yako kwenye X kwa muda sasa.",
                "Machapisho yako kwenye X yanajitokeza kwangu mara kwa mara.",
            ],
            linkedin: ["Nimekutana na wasifu wako wa LinkedIn.", "Wasifu wako wa LinkedIn umenivutia."],
            sentence: ["Nimesikia kidogo kuhusu unachofanya.", "Mtu mmoja aliniambia kuhusu kazi yako."],
            work: [
                "Inaonekana wazi kwamba unajali unachokifanya.",
                "Juhudi zilizo nyuma yake zinaonekana.",
                "Umejenga kitu ambacho watu hukirudia.",
            ],
            pain: [
                "Lakini kujulikana kunachukua muda ambao ungependa kuutumia kazini.",
                "Kujibu jumbe na kuchapisha kunameza siku yako.",
                "Kukua kunahitaji saa nyingi ambazo hakuna anayeziona.",
            ],
            offer: ["Ninachofanya: ", "Ninachotoa: "],
            helps: [
                "Hii inakuondolea mzigo huo, ili uendelee kujenga.",
                "Hii inakuokolea saa kadhaa kila wiki.",
                "Watu wengi zaidi wanaona kazi yako, kwa juhudi kidogo.",
            ],
            idea: [
                "Nina wazo linaloweza kukuokolea saa kadhaa kila wiki.",
                "Nadhani naweza kukusaidia kuwafikia watu wengi zaidi.",
                "Nina wazo dogo ambalo ningependa kukuonyesha.",
            ],
            close: [
                "Hakuna shinikizo, nimekukumbuka tu.",
                "Ikiwa inasaidia, nitakueleza zaidi.",
                "Fupi na rahisi, nakuahidi.",
            ],
            meme_a: [
                ("Hakuna mtu:", "Wewe: tena unajibu jumbe saa sita usiku"),
                ("Orodha yako ya kazi:", "Wewe: “Nitafanya yote mwenyewe”"),
            ],
            meme_b: [
                ("Mimi, nikisoma kukuhusu:", "Huyu ndiye niliyetaka kumjua"),
                ("Wengine wote:", "Wewe: unamaliza kazi kweli"),
            ],
            cta: ["Tuzungumze kidogo wiki hii?", "Nikutumie maelezo zaidi?", "Simu ya dakika kumi, sawa?"],
        },
    ),
];

/// The phrases for `code`, if the generator writes that language.
pub fn for_language(code: &str) -> Option<&'static Phrases> {
    TABLES.iter().find(|(c, _)| *c == code).map(|(_, p)| p)
}
