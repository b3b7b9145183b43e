//! Spanish: the situations of categories written natively; each chore is
//! an infinitive phrase ("Dejé de {chore}.", "Se acabó {chore}."), not reflexive.

use super::Lines;

pub const ALL: &[(&str, Lines)] = &[
    (
        "parking-app",
        Lines {
            chore: "dar vueltas buscando aparcamiento",
            before: ["Tercera vuelta a la manzana. Ni un sitio libre.", "Por fin aparcado. Veinte minutos tarde."],
            after: ["Directo a una plaza libre, a la primera.", "Aparcado antes de que acabe la canción."],
        },
    ),
    (
        "dental-clinic",
        Lines {
            chore: "esperar semanas por una cita",
            before: ["Dolor de muelas un sábado, y todo cerrado.", "Seis semanas de espera para una revisión."],
            after: ["Atendido en domingo, sonriendo el lunes.", "Revisión reservada en un minuto."],
        },
    ),
    (
        "online-course",
        Lines {
            chore: "comprar cursos que nunca terminas",
            before: ["Comprado hace un año, sigo en la lección dos.", "El vídeo uno, empezado por tercera vez."],
            after: ["Última lección hecha, certificado en mano.", "Diez minutos al día, y se queda."],
        },
    ),
    (
        "pizza-restaurant",
        Lines {
            chore: "comer pizza fría a domicilio",
            before: ["Pizza fría y blanda a medianoche.", "Todo cerrado y un hambre enorme."],
            after: ["Una pizza de verdad en tu puerta, incluso tarde.", "Masa crujiente, todavía caliente al llegar."],
        },
    ),
    (
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
        "hiking-backpack",
        Lines {
            chore: "cargar una mochila que hace daño",
            before: ["Los hombros doloridos a la primera hora.", "Rebuscar hasta el fondo para encontrar el agua."],
            after: ["Veinte kilómetros y la espalda como nueva.", "Todo justo donde la mano lo busca."],
        },
    ),
    (
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
        "restaurant",
        Lines {
            chore: "ir siempre a los mismos tres sitios",
            before: ["Viernes: mismo sitio, mismo plato. Como siempre.", "Dos horas de espera para una cena sin más."],
            after: ["Una mesa a la que dan ganas de volver.", "Ese plato del que hablarás toda la semana."],
        },
    ),
    (
        "cafe",
        Lines {
            chore: "tomar café de vaso de papel en la oficina",
            before: ["Café tibio de la máquina de la oficina.", "Sin mesa, sin enchufe y sin wifi."],
            after: [
                "Una mesa en el rincón y el mejor café de la ciudad.",
                "El café de la mañana que pone el día en marcha.",
            ],
        },
    ),
    (
        "bakery",
        Lines {
            chore: "comer pan que a mediodía ya está duro",
            before: ["Pan de molde que no sabe a nada.", "A las nueve ya no quedan cruasanes."],
            after: ["Pan todavía caliente en el desayuno.", "El olor de la panadería al final de la calle."],
        },
    ),
    (
        "hair-salon",
        Lines {
            chore: "salir de la peluquería con un corte que nadie pidió",
            before: ["«Solo las puntas». No eran solo las puntas.", "Quinto día seguido con el pelo imposible."],
            after: ["Por fin, el corte que querías.", "Semanas recibiendo cumplidos."],
        },
    ),
    (
        "gym",
        Lines {
            chore: "pagar el gimnasio sin ir nunca",
            before: ["La cuota que pago y nunca aprovecho.", "Veinte minutos esperando a que se libere la barra."],
            after: ["Tres días por semana, y con ganas.", "Más fuerte que el mes pasado, y se nota."],
        },
    ),
    (
        "yoga-studio",
        Lines {
            chore: "cargar con el estrés en la espalda toda la semana",
            before: [
                "Ocho horas de escritorio y la espalda como una tabla.",
                "Una clase tan llena que no hay sitio para estirar.",
            ],
            after: ["Una hora que pone a cero toda la semana.", "Más flexibilidad, más calma y mejor sueño."],
        },
    ),
    (
        "hotel",
        Lines {
            chore: "dormir en hoteles que no se parecen a las fotos",
            before: ["La «vista al mar» era la pared de enfrente.", "Cola en recepción tras doce horas de vuelo."],
            after: ["Una habitación de la que no quieres salir.", "Un desayuno por el que vale la pena madrugar."],
        },
    ),
    (
        "podcast",
        Lines {
            chore: "ir al trabajo en silencio",
            before: [
                "Cuarenta minutos de tren mirando siempre lo mismo.",
                "Veinte minutos de charla antes de ir al grano.",
            ],
            after: ["El episodio que hace corto el trayecto.", "Aprender algo nuevo cada mañana."],
        },
    ),
    (
        "youtube-channel",
        Lines {
            chore: "ver vídeos que no van a ninguna parte",
            before: ["Vídeo de diez minutos, un minuto de contenido.", "Otra miniatura que promete más de lo que hay."],
            after: ["El vídeo que por fin lo explica.", "Un episodio nuevo que de verdad esperas."],
        },
    ),
    (
        "newsletter",
        Lines {
            chore: "leer noticias que no importan",
            before: [
                "Cincuenta pestañas de noticias y nada aprendido.",
                "Una bandeja de entrada llena de promociones.",
            ],
            after: ["El único correo que abres primero cada semana.", "Cinco minutos y sabes lo que importa."],
        },
    ),
    (
        "fitness-app",
        Lines {
            chore: "empezar de cero cada lunes",
            before: ["«El lunes empiezo». Todos los lunes.", "En el gimnasio, sin saber qué hacer."],
            after: ["Un plan que encaja en mi día, y lo cumplo.", "Tres semanas después, sigo con ello."],
        },
    ),
    (
        "meditation-app",
        Lines {
            chore: "dar vueltas en la cama repasando el día",
            before: [
                "Repasando una conversación de 2019. Otra vez.",
                "Inspiro calma, espiro preocupaciones. O al revés.",
            ],
            after: ["Calma en cinco minutos.", "Dormir antes de que lleguen las preocupaciones."],
        },
    ),
    (
        "language-app",
        Lines {
            chore: "olvidar el vocabulario antes del viernes",
            before: ["Cinco años de clases y me bloqueo en el «hola».", "La lista de vocabulario que nunca abrí."],
            after: ["Pedir la cena en el idioma, sin nervios.", "Diez minutos al día, y las palabras se quedan."],
        },
    ),
    (
        "recipe-app",
        Lines {
            chore: "pensar cada noche qué cocinar",
            before: ["Mirando tres huevos y un limón.", "Pasta otra vez. Cuarta noche seguida."],
            after: ["La cena, con lo que ya tienes en casa.", "Un plato favorito nuevo cada semana."],
        },
    ),
    (
        "food-delivery-app",
        Lines {
            chore: "esperar una hora por comida fría",
            before: ["Pedido a las siete. A las ocho, nada.", "Otra vez la comida llegó tibia."],
            after: ["Comida caliente en la puerta, a la hora.", "La cena resuelta en tres toques."],
        },
    ),
    (
        "crm",
        Lines {
            chore: "llevar los clientes en una hoja de cálculo",
            before: ["¿Qué cliente era ese?", "Un seguimiento olvidado, una venta que se enfría."],
            after: ["Cada cliente y cada llamada, en una pantalla.", "Seguimientos que se acuerdan solos."],
        },
    ),
    (
        "project-management-tool",
        Lines {
            chore: "gestionar proyectos desde el correo",
            before: ["«¿Quién se encarga de esto?». Nadie, al final.", "La fecha de entrega era ayer. Nadie lo sabía."],
            after: ["Todo el mundo sabe qué viene después.", "Entregado a tiempo, sin reunión de seguimiento."],
        },
    ),
    (
        "accounting-software",
        Lines {
            chore: "cuadrar las cuentas el domingo por la noche",
            before: ["Una caja de zapatos llena de recibos y plazo el lunes.", "Las cuentas no cuadran. Otra vez."],
            after: ["Las cuentas cerradas antes del viernes.", "Cada recibo, ya en su sitio."],
        },
    ),
    (
        "note-taking-app",
        Lines {
            chore: "perder notas entre cinco apps",
            before: ["La idea era buena. La nota, desaparecida.", "Notas en un recibo, una servilleta y tres apps."],
            after: ["Cada nota, a una búsqueda de distancia.", "Reunión terminada, notas ya compartidas."],
        },
    ),
    (
        "booking-software",
        Lines {
            chore: "dar citas por teléfono",
            before: ["Suena el teléfono en plena cita. Otra vez.", "Dos clientes, una hora, una mañana incómoda."],
            after: ["Los clientes reservan solos, de día o de noche.", "Agenda llena sin una sola llamada."],
        },
    ),
    (
        "ecommerce-platform",
        Lines {
            chore: "vender por mensajes privados y transferencias",
            before: [
                "Pedidos por mensaje privado, stock en una libreta.",
                "«¿Sigue disponible?». Cincuenta veces al día.",
            ],
            after: ["Una tienda que vende mientras duermes.", "Pedido recibido, stock al día, nada se pierde."],
        },
    ),
    (
        "skincare",
        Lines {
            chore: "probar una crema nueva cada mes",
            before: ["Diez productos en la estantería y ninguno da resultado.", "A mediodía, la piel ya tirante."],
            after: ["Piel cómoda hasta las seis de la tarde.", "Una rutina de tres minutos."],
        },
    ),
    (
        "coffee-brand",
        Lines {
            chore: "beber café amargo de oficina",
            before: [
                "Café quemado de la máquina de la oficina.",
                "Pagar una fortuna por un café con leche sin gracia.",
            ],
            after: ["La mejor taza del día, en casa.", "Mañanas por las que vale la pena levantarse."],
        },
    ),
    (
        "web-agency",
        Lines {
            chore: "esperar meses por una web",
            before: ["Tres presupuestos, seis semanas y sin web.", "Preciosa en el ordenador, un lío en el móvil."],
            after: ["Publicada en semanas, y vende.", "Una web que da gusto enseñar."],
        },
    ),
];
