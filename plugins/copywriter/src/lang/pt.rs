//! Portuguese.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "pt",
    unnamed: Unnamed { product: "este app", company: "esta equipe", person: "este criador", idea: "esta ideia" },
    domains: [
        // ai
        Domain {
            chores: ["fazer na mão o que um agente faz", "reescrever instrução o dia todo"],
            pains: ["Colando a mesma pergunta no chat. De novo.", "Reescrevendo a instrução pela décima vez."],
            gains: ["O agente fez tudo enquanto eu dormia.", "Uma instrução. Pronto antes do almoço."],
        },
        // software
        Domain {
            chores: ["pular entre doze abas", "copiar e colar entre ferramentas"],
            pains: ["Exportar um CSV só para colar em outro lugar.", "Doze abas abertas e nenhuma é a certa."],
            gains: ["Tudo num lugar só, finalmente.", "Configura uma vez e roda sozinho."],
        },
        // finance
        Domain {
            chores: ["correr atrás de pagamento", "fazer as contas no domingo à noite"],
            pains: ["Terceiro lembrete para a mesma fatura.", "Domingo à noite e uma pilha de notinhas."],
            gains: ["Pagamento em dia, sem cobrar duas vezes.", "Este mês as contas fecharam sozinhas."],
        },
        // crypto
        Domain {
            chores: ["esperar dias por uma transferência", "pagar taxa para mandar dinheiro"],
            pains: ["Abrindo o app do banco a cada cinco minutos.", "Mais uma taxa para mandar meu dinheiro."],
            gains: ["Enviado e liquidado em segundos.", "Seu dinheiro na velocidade da internet."],
        },
        // marketing
        Domain {
            chores: ["postar para o vazio", "adivinhar o que o público quer"],
            pains: ["Atualizando um post com quatro curtidas.", "Três horas numa legenda. Onze visualizações."],
            gains: ["Posts que a galera compartilha de verdade.", "Dessa vez, o público achou a gente."],
        },
        // sales
        Domain {
            chores: ["mandar e-mail frio que ninguém abre", "cobrar retorno que nunca vem"],
            pains: ["Sexta mensagem de acompanhamento enviada.", "Mais uma demo, mais um “vou pensar e te falo”."],
            gains: ["Respostas que começam com “sim”.", "Agenda cheia de gente que pediu a reunião."],
        },
        // food
        Domain {
            chores: ["almoçar na frente do computador", "comer a mesma coisa todo dia"],
            pains: ["Abrindo a geladeira pela terceira vez hoje.", "Almoço na mesa do trabalho. De novo."],
            gains: ["Comida boa, sem complicação.", "Agora o almoço é a melhor parte do dia."],
        },
        // fitness
        Domain {
            chores: ["pagar academia e nunca aparecer", "recomeçar toda segunda-feira"],
            pains: ["Começo na segunda. Toda segunda.", "A academia que eu pago e nunca uso."],
            gains: ["Três semanas e sigo firme.", "Mais forte que mês passado, e dá para ver."],
        },
        // health
        Domain {
            chores: ["esperar semanas por uma consulta", "pesquisar sintomas de madrugada"],
            pains: ["Pesquisando sintomas no Google às 2h.", "Esperando na linha da clínica. Minuto quarenta."],
            gains: ["Respostas no mesmo dia, de quem entende.", "Me sentindo melhor, e sabendo por quê."],
        },
        // education
        Domain {
            chores: ["decorar tudo e esquecer na sexta", "comprar curso e nunca terminar"],
            pains: ["Um ano depois, ainda na aula dois.", "Relendo a mesma página pela quarta vez."],
            gains: ["Finalmente faz sentido.", "Dez minutos por dia, e fica na cabeça."],
        },
        // travel
        Domain {
            chores: ["planejar viagem com quarenta abas", "pagar preço de turista"],
            pains: ["Comparando o mesmo voo em seis sites.", "A viagem foi ótima. Planejar quase me matou."],
            gains: ["Reservado em minutos. Melhor que o plano.", "Mais viagem, menos planejamento."],
        },
        // style
        Domain {
            chores: ["revirar o guarda-roupa sem achar nada", "comprar roupa que não serve"],
            pains: ["Guarda-roupa lotado e nada para vestir.", "Pedi o meu tamanho. De novo, não serviu."],
            gains: ["Cinco minutos para me arrumar, e amei.", "Finalmente, algo que serve."],
        },
        // creator
        Domain {
            chores: ["editar um vídeo o fim de semana todo", "postar todo dia para não sumir"],
            pains: ["Cinco horas editando um vídeo de 30 segundos.", "Um mês postando todo dia. Mesmos números."],
            gains: ["Uma semana de posts, feita numa tarde.", "Conteúdo com cara de agência."],
        },
        // general
        Domain {
            chores: ["fazer tudo do jeito mais difícil", "aceitar o famoso “dá pro gasto”"],
            pains: ["Fazendo do jeito difícil pela centésima vez.", "Tem que existir um jeito mais fácil."],
            gains: ["Mais fácil do que parecia possível.", "Simplesmente funciona, e dá para ver."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: resolvido."),
            ("Todo mundo: {pain}", "Eu com {name}: {gain}"),
            ("Antes: {pain}", "Agora, com {name}: {gain}"),
            ("Ninguém:\nEu às 23h: {pain}", "Quem descobriu {name}: {gain}"),
        ],
        hottake: [
            "Opinião polêmica: {chore} virou opção. {name} garantiu isso.",
            "Opinião impopular: {chore} nunca foi “normal”.",
            "Repete comigo: chega de {chore}. Para isso existe {name}.",
            "Em cinco anos, {chore} vai ser coisa de museu. Graças a {name}.",
        ],
        confession: [
            "Confissão: minha rotina era {chore}. Até conhecer {name}.",
            "Eu admito: {pain} Agora acabou, graças a {name}.",
            "História real: {pain} {name} resolveu em uma semana.",
            "Meu segredo? Parei de {chore}. Agora quem faz é {name}.",
        ],
        reply: [
            ("{name} vale mesmo a pena?", "Pergunta para quem parou de {chore}."),
            ("Vou continuar do jeito antigo mesmo.", "{gain} Isso é {name}."),
            ("{name}? Bom demais para ser verdade.", "Testa uma semana. Depois me diz se sente falta de {chore}."),
            ("Por que eu mudaria?", "Porque {chore} sai mais caro do que parece. {name}."),
        ],
    },
    person: Person {
        image: [("Todo mundo: {pain}", "Quem segue {name}: {gain}"), ("Antes de ler {name}: {pain}", "Agora: {gain}")],
        hottake: [
            "Opinião polêmica: {chore} virou opção para quem segue {name}.",
            "Repete comigo: chega de {chore}. {name} mostrou como.",
        ],
        confession: [
            "Confissão: minha rotina era {chore}. Até começar a ler {name}.",
            "História real: {pain} Aí {name} postou sobre isso.",
        ],
        reply: [
            ("Vale a pena seguir {name}?", "Pergunta para quem parou de {chore}."),
            ("Por que seguir {name}?", "{gain} É isso que {name} compartilha."),
        ],
        turns: ["Aí comecei a seguir {name}.", "É aqui que entra {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: o que muda quando você para de {chore}", "{name} em um minuto"],
        turns: ["Aí chegou {name}.", "É aqui que entra {name}."],
        numbers: ["{number}: o número que diz tudo.", "{number}. Leia de novo."],
        closers: [
            "Salva este post para a próxima vez que alguém disser que não dá.",
            "Manda para quem precisa ver isso.",
        ],
    },
    pitch: Pitch {
        title: "Para {first}",
        hello: ["Oi, {first}, tudo bem?", "Olá, {first}!", "{first}, tudo bem?"],
        hello_team: ["Oi, equipe {name}!", "Olá a toda a equipe {name}!"],
        hello_anyone: "Olá!",
        title_anyone: "Um recado para você",
        seen_site: ["Passei uns minutos no seu site hoje.", "Dei uma boa olhada no seu site."],
        seen_x: ["Seus posts no X vivem aparecendo para mim.", "Tenho acompanhado seus posts no X."],
        seen_linkedin: ["Seu perfil no LinkedIn chamou minha atenção.", "Encontrei seu perfil no LinkedIn."],
        seen_sentence: ["Ouvi falar muito bem do seu trabalho.", "Seu nome surgiu numa conversa, e por bons motivos."],
        company: [
            "O que vocês estão construindo com {company} chama atenção.",
            "{company} chamou minha atenção, e não foi à toa.",
        ],
        role: ["No papel de {role}, cada hora conta.", "Como {role}, seus dias devem ser bem corridos."],
        topic: ["Seus posts sobre {topic} valem a leitura.", "Dá para ver que você entende muito de {topic}."],
        work: ["Dá para ver o cuidado que você tem com o que faz.", "Fica claro o quanto você se dedica ao que faz."],
        offer: ["É exatamente para isso que serve {offer}.", "{offer} nasceu para isso.", "É aqui que entra {offer}."],
        idea: [
            "Tenho uma ideia que pode te poupar esse tempo.",
            "Existe um jeito mais fácil, e eu adoraria te mostrar.",
        ],
        ask: [
            "Dá uma olhada, leva um minuto.",
            "Queria muito saber o que você acha.",
            "Vale uma olhada quando tiver um minutinho.",
        ],
        cta: ["Dê uma olhada", "Veja como funciona", "Experimente"],
    },
    negatives: &[
        "superestimad",
        "inútil",
        "golpe",
        "fraude",
        "o pior",
        "a pior",
        "horrível",
        "péssim",
        "lixo",
        "perda de tempo",
        "fracass",
        "não funciona",
        "quebrad",
        "ruim",
        "odeio",
        "decepcion",
        "enganação",
        "furada",
        "porcaria",
        "uma droga",
        "horroros",
    ],
};
