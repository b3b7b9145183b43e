//! Portuguese: the situations of categories written natively; each chore is
//! an infinitive phrase without an article ("Parei de {chore}.", "Chega de {chore}."), not reflexive.

use super::Lines;

pub const ALL: &[(&str, Lines)] = &[
    (
        "restaurant",
        Lines {
            chore: "ir sempre aos mesmos três restaurantes",
            before: [
                "Sexta-feira: mesmo lugar, mesmo prato. Como sempre.",
                "Duas horas de espera por uma refeição sem graça.",
            ],
            after: ["Uma mesa que dá vontade de voltar.", "Aquele prato de que você vai falar a semana toda."],
        },
    ),
    (
        "cafe",
        Lines {
            chore: "tomar café em copo de papel na mesa do escritório",
            before: ["Café morno da máquina do escritório.", "Sem lugar, sem tomada, sem wi-fi."],
            after: ["Uma mesa no cantinho e o melhor café da cidade.", "O primeiro café do dia, do jeito certo."],
        },
    ),
    (
        "bakery",
        Lines {
            chore: "comer pão que fica duro antes do almoço",
            before: ["Pão de forma que não tem gosto de nada.", "Às nove, os croissants já acabaram."],
            after: ["Pão ainda quentinho logo cedo.", "O cheirinho da padaria no fim da rua."],
        },
    ),
    (
        "hair-salon",
        Lines {
            chore: "sair do salão com um corte que ninguém pediu",
            before: ["“Só as pontinhas.” Não foram só as pontinhas.", "Cabelo rebelde pelo quinto dia seguido."],
            after: ["Finalmente, o corte que você queria.", "Elogios por semanas."],
        },
    ),
    (
        "gym",
        Lines {
            chore: "pagar mensalidade sem nunca treinar",
            before: ["A mensalidade que eu pago e nunca uso.", "Vinte minutos esperando o aparelho ficar livre."],
            after: ["Três treinos por semana, e com vontade.", "Mais forte que no mês passado, e dá para ver."],
        },
    ),
    (
        "yoga-studio",
        Lines {
            chore: "carregar tensão nas costas a semana inteira",
            before: ["Oito horas de escritório e as costas travadas.", "Aula tão cheia que não dá nem para alongar."],
            after: ["Uma hora que zera a semana inteira.", "Mais flexibilidade, mais calma e sono melhor."],
        },
    ),
    (
        "hotel",
        Lines {
            chore: "dormir em hotéis nada parecidos com as fotos",
            before: [
                "A “vista para o mar” era a parede do prédio ao lado.",
                "Fila no check-in depois de doze horas de voo.",
            ],
            after: ["Um quarto de onde dá vontade de não sair.", "Um café da manhã que vale o despertador."],
        },
    ),
    (
        "podcast",
        Lines {
            chore: "ir para o trabalho em silêncio",
            before: [
                "Quarenta minutos de trajeto rolando a mesma tela.",
                "Vinte minutos de conversa antes de chegar ao assunto.",
            ],
            after: ["O episódio que deixa o trajeto curto demais.", "Algo novo aprendido toda manhã."],
        },
    ),
    (
        "youtube-channel",
        Lines {
            chore: "ver vídeos que não chegam a lugar nenhum",
            before: ["Vídeo de dez minutos, um minuto de conteúdo.", "Mais uma miniatura que promete demais."],
            after: ["O vídeo que finalmente explica tudo.", "Um episódio novo que você espera de verdade."],
        },
    ),
    (
        "newsletter",
        Lines {
            chore: "rolar notícias que não importam",
            before: ["Cinquenta abas de notícias, nada aprendido.", "Uma caixa de entrada cheia de promoções."],
            after: ["O único e-mail que você abre primeiro toda semana.", "Cinco minutos, e você sabe o que importa."],
        },
    ),
    (
        "fitness-app",
        Lines {
            chore: "recomeçar do zero toda segunda-feira",
            before: ["“Segunda eu começo.” Toda segunda.", "No meio dos aparelhos, sem saber por onde começar."],
            after: ["Um plano que cabe no meu dia, e eu sigo.", "Três semanas depois, e ainda firme."],
        },
    ),
    (
        "meditation-app",
        Lines {
            chore: "rolar na cama repassando o dia",
            before: ["Repassando uma conversa de 2019. De novo.", "Inspira calma, expira preocupação. Em tese."],
            after: ["Calma em cinco minutos.", "Dormir antes de a preocupação chegar."],
        },
    ),
    (
        "language-app",
        Lines {
            chore: "esquecer as palavras até sexta-feira",
            before: ["Cinco anos de aula, e eu travo no “olá”.", "A lista de vocabulário que nunca abri."],
            after: ["Pedir o jantar no idioma, sem pânico.", "Dez minutos por dia, e fica na cabeça."],
        },
    ),
    (
        "recipe-app",
        Lines {
            chore: "pensar todo dia no que fazer para o jantar",
            before: ["Olhando para três ovos e um limão.", "Macarrão de novo. Quarta noite seguida."],
            after: ["Jantar com o que já tem em casa.", "Um prato favorito novo toda semana."],
        },
    ),
    (
        "food-delivery-app",
        Lines {
            chore: "esperar uma hora por comida fria",
            before: ["Pedi às sete. Às oito, nada ainda.", "A batata frita chegou murcha. De novo."],
            after: ["Comida quentinha na porta, na hora certa.", "Jantar resolvido em três toques."],
        },
    ),
    (
        "crm",
        Lines {
            chore: "controlar clientes numa planilha",
            before: ["Qual cliente era esse mesmo?", "Um retorno esquecido, uma venda esfriando."],
            after: ["Cada cliente, cada ligação, numa tela só.", "Lembretes de retorno que chegam sozinhos."],
        },
    ),
    (
        "project-management-tool",
        Lines {
            chore: "comandar projetos pelo e-mail",
            before: ["“Quem está cuidando disso?” Ninguém, pelo visto.", "O prazo era ontem. Ninguém sabia."],
            after: ["Todo mundo sabe qual é o próximo passo.", "Entregue no prazo, sem reunião de status."],
        },
    ),
    (
        "accounting-software",
        Lines {
            chore: "organizar notinhas numa caixa de sapatos",
            before: ["Uma caixa de sapatos cheia de recibos e prazo na segunda.", "Os números não batem. De novo."],
            after: ["Contas fechadas antes de sexta.", "Cada recibo já no seu lugar."],
        },
    ),
    (
        "note-taking-app",
        Lines {
            chore: "perder anotações em cinco apps",
            before: ["A ideia era boa. A anotação sumiu.", "Anotações num recibo, num guardanapo e em três apps."],
            after: ["Cada anotação a uma busca de distância.", "Reunião encerrada, anotações já compartilhadas."],
        },
    ),
    (
        "booking-software",
        Lines {
            chore: "marcar horários por telefone",
            before: [
                "O telefone toca no meio do atendimento. De novo.",
                "Dois clientes, um horário, uma manhã constrangedora.",
            ],
            after: ["Os clientes agendam sozinhos, de dia ou de noite.", "Agenda cheia sem uma única ligação."],
        },
    ),
    (
        "ecommerce-platform",
        Lines {
            chore: "vender por mensagem direta e transferência",
            before: ["Pedidos por mensagem, estoque no caderninho.", "“Ainda tem?” Cinquenta vezes por dia."],
            after: ["Uma loja que vende enquanto você dorme.", "Pedido feito, estoque atualizado, nada se perde."],
        },
    ),
    (
        "skincare",
        Lines {
            chore: "testar um creme novo todo mês",
            before: ["Dez produtos na prateleira, e nenhum dá resultado.", "Pele repuxando antes do almoço."],
            after: ["Pele confortável até o fim do dia.", "Uma rotina de três minutos."],
        },
    ),
    (
        "coffee-brand",
        Lines {
            chore: "tomar café amargo de escritório",
            before: ["Café queimado da máquina do escritório.", "Pagar caro por um café com leite sem graça."],
            after: ["A melhor xícara do dia, em casa.", "Manhãs que dão vontade de levantar."],
        },
    ),
    (
        "web-agency",
        Lines {
            chore: "esperar meses por um site",
            before: ["Três orçamentos, seis semanas e nada de site.", "Lindo no computador, uma bagunça no celular."],
            after: ["No ar em semanas, e vendendo.", "Um site que dá orgulho de mandar."],
        },
    ),
];
