//! Spanish.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "es",
    unnamed: Unnamed { product: "esta app", company: "este equipo", person: "este creador", idea: "esta idea" },
    domains: [
        // ai
        Domain {
            chores: ["hacer a mano lo que haría un agente", "reformular instrucciones todo el día"],
            pains: ["Quinta vez que le pego lo mismo al chat.", "Décima versión de la instrucción. Y nada."],
            gains: ["El agente lo hizo mientras yo dormía.", "Una instrucción y listo antes del mediodía."],
        },
        // software
        Domain {
            chores: ["saltar entre doce pestañas", "copiar y pegar entre herramientas"],
            pains: ["Exportar un CSV solo para pegarlo en otra app.", "Doce pestañas abiertas y ninguna es la buena."],
            gains: ["Todo en un solo lugar. Por fin.", "Lo configuras una vez y funciona solo."],
        },
        // finance
        Domain {
            chores: ["perseguir facturas", "hacer la contabilidad los domingos"],
            pains: ["Tercer recordatorio por la misma factura.", "Domingo por la noche y la mesa llena de recibos."],
            gains: ["Cobrado a tiempo, sin tener que insistir.", "Este mes las cuentas se cerraron solas."],
        },
        // crypto
        Domain {
            chores: ["esperar tres días una transferencia", "pagar comisiones por enviar dinero"],
            pains: ["Mirar la app del banco cada cinco minutos.", "Otra comisión por enviar mi propio dinero."],
            gains: ["Enviado y liquidado en segundos.", "Tu dinero, a la velocidad de internet."],
        },
        // marketing
        Domain {
            chores: ["publicar para nadie", "adivinar qué quiere la audiencia"],
            pains: ["Recargar una publicación con cuatro me gusta.", "Tres horas para un pie de foto. Once vistas."],
            gains: ["Publicaciones que la gente sí comparte.", "Esta vez fue la audiencia la que nos encontró."],
        },
        // sales
        Domain {
            chores: ["mandar correos en frío que nadie abre", "perseguir respuestas que nunca llegan"],
            pains: ["Mandar el sexto correo de seguimiento.", "Otra demo, otro «lo pienso y te digo»."],
            gains: ["Respuestas que empiezan con un «sí».", "La agenda llena de gente que pidió la llamada."],
        },
        // food
        Domain {
            chores: ["almorzar frente a la pantalla", "comer lo mismo todos los días"],
            pains: ["Tercera visita al refrigerador esta noche.", "Almuerzo en el escritorio. Otra vez."],
            gains: ["Algo rico para comer, sin complicaciones.", "Ahora la comida es lo mejor del día."],
        },
        // fitness
        Domain {
            chores: ["pagar un gimnasio sin ir nunca", "empezar de cero cada lunes"],
            pains: ["Empiezo el lunes. Todos los lunes.", "La cuota del gimnasio que pago y nunca uso."],
            gains: ["Tres semanas y sigo con todo.", "Más fuerte que el mes pasado, y se nota."],
        },
        // health
        Domain {
            chores: ["esperar semanas por una cita", "buscar síntomas de madrugada"],
            pains: ["Síntomas en Google, a las dos de la mañana.", "En espera con la clínica. Minuto cuarenta."],
            gains: ["Respuestas el mismo día, de alguien que sabe.", "Sentirme mejor y saber por qué."],
        },
        // education
        Domain {
            chores: ["memorizar para olvidar el viernes", "comprar cursos que nunca se terminan"],
            pains: ["Un año después, sigo en la lección dos.", "Leyendo la misma página por cuarta vez."],
            gains: ["Por fin tiene sentido.", "Diez minutos al día, y se te queda."],
        },
        // travel
        Domain {
            chores: ["planear viajes en cuarenta pestañas", "pagar precios de turista"],
            pains: ["Comparar el mismo vuelo en seis páginas.", "El viaje fue increíble. Planearlo casi me mata."],
            gains: ["Reservado en minutos. Mejor que mi plan.", "Más viaje, menos planificación."],
        },
        // style
        Domain {
            chores: ["revolver el armario sin encontrar nada", "comprar ropa que luego no queda bien"],
            pains: ["El armario lleno y nada que ponerme.", "Pedí mi talla. Y otra vez no me queda."],
            gains: ["Cinco minutos para vestirme, y me encanta.", "Por fin algo que me queda bien."],
        },
        // creator
        Domain {
            chores: ["editar un video todo el fin de semana", "publicar cada día para no desaparecer"],
            pains: ["Cinco horas editando un video de 30 segundos.", "Un mes publicando a diario. Las mismas vistas."],
            gains: ["Una semana de contenido, hecha en una tarde.", "Contenido que parece de todo un equipo."],
        },
        // general
        Domain {
            chores: ["hacerlo todo por el camino difícil", "dar por bueno lo que apenas funciona"],
            pains: ["Por centésima vez, por el camino difícil.", "Tiene que haber una forma más fácil."],
            gains: ["Más fácil de lo que debería ser.", "Simplemente funciona, y se nota."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: resuelto."),
            ("Todos los demás: {pain}", "Yo con {name}: {gain}"),
            ("Antes de {name}: {pain}", "Después: {gain}"),
            ("Nadie:\nYo a medianoche: {pain}", "Quienes descubrieron {name}: {gain}"),
        ],
        hottake: [
            "Opinión polémica: {chore} ya es opcional. {name} lo demuestra.",
            "Opinión impopular: {chore} nunca fue «lo normal».",
            "Repite conmigo: se acabó {chore}. Para eso está {name}.",
            "En cinco años, {chore} sonará a fax. Gracias a {name}.",
        ],
        confession: [
            "Confieso: mi rutina era {chore}. Hasta que llegó {name}.",
            "Lo admito: {pain} Ya no. Gracias a {name}.",
            "Caso real: {pain} {name} lo arregló en una semana.",
            "¿Mi secreto? Dejé de {chore}. Ahora se encarga {name}.",
        ],
        reply: [
            ("¿De verdad vale la pena {name}?", "Pregúntale a cualquiera que dejó de {chore}."),
            ("Yo sigo a la antigua.", "{gain} Eso es {name}."),
            (
                "Lo de {name} suena demasiado bien para ser verdad.",
                "Pruébalo una semana. Luego me cuentas si vuelves a {chore}.",
            ),
            ("¿Y para qué voy a cambiar?", "Porque {chore} te cuesta más de lo que crees. {name}."),
        ],
    },
    person: Person {
        image: [
            ("Todos los demás: {pain}", "Quienes siguen a {name}: {gain}"),
            ("Antes de leer a {name}: {pain}", "Después: {gain}"),
        ],
        hottake: [
            "Opinión polémica: {chore} es opcional si sigues a {name}.",
            "Repite conmigo: se acabó {chore}. {name} nos enseñó cómo.",
        ],
        confession: [
            "Confieso: mi rutina era {chore}. Hasta que empecé a leer a {name}.",
            "Caso real: {pain} Y entonces {name} publicó sobre eso.",
        ],
        reply: [
            ("¿Vale la pena seguir a {name}?", "Pregúntale a cualquiera que dejó de {chore}."),
            ("¿Por qué seguir a {name}?", "{gain} Eso es lo que comparte {name}."),
        ],
        turns: ["Y entonces empecé a seguir a {name}.", "Aquí entra {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: qué cambia cuando dejas de {chore}", "{name}, en un minuto"],
        turns: ["Y entonces llegó {name}.", "Aquí entra {name}."],
        numbers: ["{number}: la cifra que lo dice todo.", "{number}. Léelo otra vez."],
        closers: ["Guárdalo para la próxima vez que alguien diga que no se puede.", "Mándaselo a quien lo necesite."],
    },
    pitch: Pitch {
        title: "Para {first}",
        hello: ["Hola, {first}:", "¡Hola, {first}!", "{first}, ¿qué tal?"],
        hello_team: ["Hola, equipo de {name}:", "¡Hola a todo el equipo de {name}!"],
        hello_anyone: "¡Hola!",
        title_anyone: "Una nota para ti",
        seen_site: ["Hoy pasé un buen rato por tu web.", "Estuve mirando tu web con calma."],
        seen_x: ["Tus publicaciones en X no dejan de aparecerme.", "Llevo un tiempo leyendo lo que publicas en X."],
        seen_linkedin: ["Tu perfil de LinkedIn me llamó la atención.", "Di con tu perfil en LinkedIn."],
        seen_sentence: ["Me han hablado muy bien de tu trabajo.", "Tu nombre salió en una conversación, y para bien."],
        company: [
            "Lo que están construyendo en {company} destaca.",
            "Lo que hacen en {company} me pareció muy interesante.",
        ],
        role: ["En tu rol de {role}, cada hora cuenta.", "Ser {role} es llevar cien cosas a la vez."],
        topic: ["Lo que publicas sobre {topic} vale mucho la pena.", "Se nota que sabes mucho de {topic}."],
        work: ["Se nota que te importa lo que haces.", "Se ve todo el cariño que le pones a tu trabajo."],
        offer: ["Justo para eso está {offer}.", "{offer} nació para esto.", "Aquí es donde entra {offer}."],
        idea: [
            "Tengo una idea que podría ahorrarte ese tiempo.",
            "Hay una forma más fácil, y me encantaría enseñártela.",
        ],
        ask: [
            "Échale un vistazo, es un minuto.",
            "Me encantaría saber qué opinas.",
            "Vale la pena verlo cuando tengas un momento.",
        ],
        cta: ["Échale un vistazo", "Mira cómo funciona", "Pruébalo"],
    },
    negatives: &[
        "sobrevalorad",
        "inútil",
        "no sirve",
        "estafa",
        "fraude",
        "el peor",
        "la peor",
        "horrible",
        "pésim",
        "basura",
        "aburrid",
        "pérdida de tiempo",
        "fracas",
        "no funciona",
        "una mierda",
        "decepcion",
        "detesto",
        "vende humo",
        "lamentable",
        "un desastre",
        "cutre",
    ],
};
