//! French.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "fr",
    unnamed: Unnamed { product: "cette appli", company: "cette équipe", person: "ce créateur", idea: "cette idée" },
    domains: [
        // ai
        Domain {
            chores: ["tout faire à la main", "reformuler la consigne en boucle"],
            pains: ["Coller la même question dans le chat. Encore.", "Reformuler la consigne. Pour la dixième fois."],
            gains: ["L'agent a tout fait pendant que je dormais.", "Une consigne, et c'est réglé avant midi."],
        },
        // software
        Domain {
            chores: ["jongler entre douze onglets", "copier-coller d'un outil à l'autre"],
            pains: ["Exporter un CSV pour le coller ailleurs.", "Douze onglets ouverts, et jamais le bon."],
            gains: ["Tout au même endroit, enfin.", "On configure une fois, et ça tourne."],
        },
        // finance
        Domain {
            chores: ["courir après les factures", "faire la compta le dimanche soir"],
            pains: ["Troisième relance pour la même facture.", "Dimanche soir, des tickets de caisse partout."],
            gains: ["Factures payées à temps, sans relancer.", "La compta du mois ? Bouclée toute seule."],
        },
        // crypto
        Domain {
            chores: ["patienter trois jours pour un virement", "payer des frais sur chaque virement"],
            pains: ["Rafraîchir l'appli bancaire en boucle.", "Des frais pour envoyer mon propre argent."],
            gains: ["Envoyé, reçu, bouclé en quelques secondes.", "Ton argent circule à la vitesse d'Internet."],
        },
        // marketing
        Domain {
            chores: ["poster dans le vide", "deviner ce que veut l'audience"],
            pains: ["Rafraîchir une publication à quatre j'aime.", "Trois heures sur une légende. Onze vues."],
            gains: ["Des publications que les gens partagent.", "Cette fois, l'audience nous a trouvés."],
        },
        // sales
        Domain {
            chores: ["prospecter par mail dans le vide", "relancer des prospects muets"],
            pains: ["Sixième relance envoyée.", "Encore une démo, encore un « je réfléchis »."],
            gains: ["Des réponses qui commencent par « oui ».", "Cette fois, ce sont les clients qui appellent."],
        },
        // food
        Domain {
            chores: ["déjeuner devant l'écran", "manger la même chose tous les jours"],
            pains: ["Troisième fois ce soir que j'ouvre le frigo.", "Déjeuner devant l'ordi. Encore."],
            gains: ["Enfin bien manger, sans prise de tête.", "Le meilleur moment de la journée ? Le déjeuner."],
        },
        // fitness
        Domain {
            chores: ["payer la salle sans jamais y aller", "recommencer à zéro chaque lundi"],
            pains: ["Je commence lundi. Tous les lundis.", "La salle que je paie et où je ne vais jamais."],
            gains: ["Trois semaines plus tard, je tiens toujours.", "En meilleure forme, et ça se voit."],
        },
        // health
        Domain {
            chores: ["courir après un rendez-vous médical", "googler des symptômes en pleine nuit"],
            pains: ["2 h du matin, et je google mes symptômes.", "En attente au cabinet. Minute quarante."],
            gains: ["Des réponses le jour même, par un pro.", "Se sentir mieux, et savoir pourquoi."],
        },
        // education
        Domain {
            chores: ["bachoter ce qu'on aura oublié vendredi", "payer des formations jamais finies"],
            pains: ["Toujours à la leçon deux, un an après.", "Relire la même page pour la quatrième fois."],
            gains: ["Enfin, tout devient clair.", "Dix minutes par jour, et ça rentre."],
        },
        // travel
        Domain {
            chores: ["préparer un voyage en quarante onglets", "payer le prix touriste"],
            pains: ["Comparer le même vol sur six sites.", "Le voyage était génial. L'organisation, moins."],
            gains: ["Réservé en cinq minutes. Mieux que prévu.", "Plus de voyage, moins de préparation."],
        },
        // style
        Domain {
            chores: ["fouiller un placard plein pour rien", "payer des vêtements qui ne vont pas"],
            pains: ["Un placard plein et rien à me mettre.", "J'ai pris ma taille. Ça ne va toujours pas."],
            gains: ["Une tenue en cinq minutes, et je l'adore.", "Enfin quelque chose qui tombe bien."],
        },
        // creator
        Domain {
            chores: ["monter une vidéo tout le week-end", "publier chaque jour pour exister"],
            pains: ["Cinq heures de montage pour trente secondes.", "Un mois à publier chaque jour. Mêmes vues."],
            gains: ["Une semaine de contenus en un après-midi.", "Du contenu digne d'une vraie équipe."],
        },
        // general
        Domain {
            chores: ["galérer pour rien", "bricoler des solutions bancales"],
            pains: ["Centième galère sur le même truc.", "Il doit bien y avoir un moyen plus simple."],
            gains: ["Plus simple, tu meurs.", "Ça marche, tout simplement, et ça se voit."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name} : réglé."),
            ("Tout le monde : {pain}", "Moi avec {name} : {gain}"),
            ("Avant {name} : {pain}", "Après : {gain}"),
            ("Personne :\nMoi à 23 h : {pain}", "Ceux qui ont découvert {name} : {gain}"),
        ],
        hottake: [
            "Avis tranché : {chore}, c'est devenu optionnel. Grâce à {name}.",
            "Avis impopulaire : {chore}, ça n'a jamais été « normal ».",
            "Répète après moi : fini de {chore}. {name} est là pour ça.",
            "Dans cinq ans, {chore}, ça fera ringard. Grâce à {name}.",
        ],
        confession: [
            "Confession : ma routine, c'était {chore}. Et puis, {name}.",
            "Je l'avoue : {pain} Plus maintenant, grâce à {name}.",
            "Du vécu : {pain} {name} a réglé ça en une semaine.",
            "Mon secret ? J'ai arrêté de {chore}. {name} gère le reste.",
        ],
        reply: [
            ("{name}, ça vaut vraiment le coup ?", "Demande à ceux qui ont arrêté de {chore}."),
            ("Moi, je continue à l'ancienne.", "{gain} Ça, c'est {name}."),
            ("{name} ? Trop beau pour être vrai.", "Teste une semaine. Ensuite, dis-moi si {chore} te manque."),
            ("Pourquoi je changerais ?", "Parce que {chore} te coûte plus cher que tu crois. {name}."),
        ],
    },
    person: Person {
        image: [
            ("Tout le monde : {pain}", "Ceux qui suivent {name} : {gain}"),
            ("Avant de lire {name} : {pain}", "Après : {gain}"),
        ],
        hottake: [
            "Avis tranché : {chore}, c'est optionnel quand on suit {name}.",
            "Répète après moi : fini de {chore}. {name} nous a montré comment.",
        ],
        confession: [
            "Confession : ma routine, c'était {chore}. Puis j'ai commencé à lire {name}.",
            "Du vécu : {pain} Et puis {name} en a parlé.",
        ],
        reply: [
            ("{name}, ça vaut le coup de suivre ?", "Demande à ceux qui ont arrêté de {chore}."),
            ("Pourquoi suivre {name} ?", "{gain} C'est ce que partage {name}."),
        ],
        turns: ["Et puis j'ai commencé à suivre {name}.", "Entrée en scène : {name}."],
    },
    carousel: Carousel {
        covers: ["{name} : ce qui change quand on arrête de {chore}", "{name} en une minute"],
        turns: ["Et puis il y a eu {name}.", "Entrée en scène : {name}."],
        numbers: ["{number} : le chiffre qui dit tout.", "{number}. Relis bien."],
        closers: [
            "Garde ça pour la prochaine fois qu'on te dit que c'est impossible.",
            "Envoie ça à quelqu'un qui en a besoin.",
        ],
    },
    pitch: Pitch {
        title: "Pour {first}",
        hello: ["Bonjour {first},", "Bonjour {first} !", "{first}, bonjour."],
        hello_team: ["Bonjour à toute l'équipe {name},", "Bonjour l'équipe {name} !"],
        hello_anyone: "Bonjour,",
        title_anyone: "Un mot pour vous",
        seen_site: [
            "J'ai passé quelques minutes sur votre site aujourd'hui.",
            "J'ai pris le temps de parcourir votre site.",
        ],
        seen_x: [
            "Vos publications sur X apparaissent souvent dans mon fil.",
            "Je lis vos publications sur X depuis un moment.",
        ],
        seen_linkedin: ["Votre profil LinkedIn a retenu mon attention.", "J'ai découvert votre profil sur LinkedIn."],
        seen_sentence: [
            "On m'a dit beaucoup de bien de votre travail.",
            "Votre nom est revenu dans une conversation, et en bien.",
        ],
        company: [
            "Ce que vous construisez chez {company} sort du lot.",
            "Votre travail chez {company} a attiré mon attention.",
        ],
        role: ["En tant que {role}, chaque heure compte pour vous.", "Être {role}, c'est mener cent choses de front."],
        topic: [
            "Vos publications sur {topic} valent vraiment le détour.",
            "Côté {topic}, on sent que vous maîtrisez votre sujet.",
        ],
        work: [
            "On sent que vous tenez à ce que vous faites.",
            "On voit tout le soin que vous mettez dans votre travail.",
        ],
        offer: [
            "C'est exactement à ça que sert {offer}.",
            "{offer} existe précisément pour ça.",
            "C'est là qu'intervient {offer}.",
        ],
        idea: [
            "J'ai une idée qui pourrait vous faire gagner ce temps.",
            "Il existe une méthode plus simple, et j'aimerais vous la montrer.",
        ],
        ask: [
            "Jetez-y un œil, ça prend une minute.",
            "J'aimerais beaucoup avoir votre avis.",
            "Ça vaut le coup d'œil, quand vous aurez une minute.",
        ],
        cta: ["Découvrir", "Voir comment ça marche", "Essayer"],
    },
    negatives: &[
        "surcoté",
        "surfait",
        "inutile",
        "arnaque",
        "escroquerie",
        "le pire",
        "la pire",
        "horrible",
        "affreu",
        "poubelle",
        "ennuyeu",
        "perte de temps",
        "échec",
        "cassé",
        "mauvais",
        "déteste",
        "naze",
        "daube",
        "pourri",
        "bidon",
        "médiocre",
        "décevant",
        "catastroph",
        "c'est nul",
    ],
};
