//! French: the situations of categories written natively; each chore is
//! an infinitive phrase starting with a consonant ("J'ai arrêté de {chore}."), not reflexive.

use super::Lines;

pub const ALL: &[(&str, Lines)] = &[
    (
        "restaurant",
        Lines {
            chore: "tourner entre les trois mêmes restos",
            before: [
                "Vendredi : même resto, même plat. Comme d'hab.",
                "Deux heures d'attente pour un repas sans éclat.",
            ],
            after: ["Une table où l'on a envie de revenir.", "Le plat dont tu parleras toute la semaine."],
        },
    ),
    (
        "cafe",
        Lines {
            chore: "boire du café en gobelet au bureau",
            before: ["Un café tiède sorti de la machine du bureau.", "Pas de place, pas de prise, pas de wifi."],
            after: ["Une table au calme et le meilleur crème de la ville.", "Le café du matin qui lance la journée."],
        },
    ),
    (
        "bakery",
        Lines {
            chore: "manger du pain rassis dès midi",
            before: ["Du pain de mie qui n'a aucun goût.", "Plus un seul croissant à 9 h."],
            after: ["Du pain encore tiède au petit déjeuner.", "L'odeur de la boulangerie au bout de la rue."],
        },
    ),
    (
        "hair-salon",
        Lines {
            chore: "sortir du salon avec une coupe jamais demandée",
            before: [
                "« Juste les pointes. » Ce n'était pas juste les pointes.",
                "Cheveux en bataille, cinquième jour de suite.",
            ],
            after: ["La coupe que tu voulais vraiment.", "Des compliments pendant des semaines."],
        },
    ),
    (
        "gym",
        Lines {
            chore: "payer la salle sans jamais y aller",
            before: [
                "L'abonnement que je paie sans jamais l'utiliser.",
                "Vingt minutes d'attente pour la cage à squat.",
            ],
            after: [
                "Trois séances par semaine, et j'ai hâte d'y aller.",
                "Plus fort que le mois dernier, et ça se voit.",
            ],
        },
    ),
    (
        "yoga-studio",
        Lines {
            chore: "traîner le stress dans le dos toute la semaine",
            before: [
                "Raide comme un piquet après huit heures au bureau.",
                "Un cours si plein qu'on ne peut pas s'étirer.",
            ],
            after: ["Une heure qui remet toute la semaine à zéro.", "Plus souple, plus calme, et on dort mieux."],
        },
    ),
    (
        "hotel",
        Lines {
            chore: "dormir dans des hôtels qui ne ressemblent pas aux photos",
            before: ["La « vue sur mer » donnait sur un parking.", "La queue à l'accueil après douze heures de vol."],
            after: ["Une chambre qu'on n'a pas envie de quitter.", "Un petit déjeuner qui vaut le réveil."],
        },
    ),
    (
        "podcast",
        Lines {
            chore: "faire le trajet en silence",
            before: [
                "Quarante minutes de train à faire défiler le même fil.",
                "Vingt minutes de blabla avant d'entrer dans le vif du sujet.",
            ],
            after: ["L'épisode qui rend le trajet trop court.", "Apprendre un truc nouveau chaque matin."],
        },
    ),
    (
        "youtube-channel",
        Lines {
            chore: "regarder des vidéos qui tournent en rond",
            before: [
                "Dix minutes de vidéo, une minute de contenu.",
                "Encore une miniature qui promet monts et merveilles.",
            ],
            after: ["La vidéo qui explique enfin tout.", "Un nouvel épisode qu'on attend vraiment."],
        },
    ),
    (
        "newsletter",
        Lines {
            chore: "faire défiler des infos sans intérêt",
            before: ["Cinquante onglets d'actu, rien retenu.", "Une boîte mail pleine de promos."],
            after: ["Le seul e-mail qu'on ouvre en premier chaque semaine.", "Cinq minutes, et tu sais ce qui compte."],
        },
    ),
    (
        "fitness-app",
        Lines {
            chore: "recommencer à zéro chaque lundi",
            before: [
                "« Je commence lundi. » Tous les lundis.",
                "Planté au milieu de la salle, sans savoir quoi faire.",
            ],
            after: [
                "Un programme qui tient dans ma journée, et je m'y tiens.",
                "Trois semaines plus tard, toujours là.",
            ],
        },
    ),
    (
        "meditation-app",
        Lines {
            chore: "ruminer la journée au lieu de dormir",
            before: ["Rejouer une conversation de 2019. Encore.", "J'inspire le calme. Les soucis, eux, restent."],
            after: ["Le calme en cinq minutes.", "Dormir avant que les soucis n'arrivent."],
        },
    ),
    (
        "language-app",
        Lines {
            chore: "bachoter des mots vite oubliés",
            before: ["Cinq ans de cours, et je bloque dès « bonjour ».", "La liste de vocabulaire jamais ouverte."],
            after: ["Commander au restaurant dans la langue, sans paniquer.", "Dix minutes par jour, et ça rentre."],
        },
    ),
    (
        "recipe-app",
        Lines {
            chore: "chercher quoi cuisiner chaque soir",
            before: ["Trois œufs, un citron, et aucune idée.", "Encore des pâtes. Quatrième soir d'affilée."],
            after: ["Un dîner avec ce qu'il y a déjà dans le frigo.", "Un nouveau plat préféré chaque semaine."],
        },
    ),
    (
        "food-delivery-app",
        Lines {
            chore: "patienter une heure pour un repas froid",
            before: ["Commandé à 19 h. Toujours rien à 20 h.", "Les frites sont arrivées molles. Encore."],
            after: ["Un repas chaud à la porte, pile à l'heure.", "Le dîner réglé en trois clics."],
        },
    ),
    (
        "crm",
        Lines {
            chore: "gérer les clients dans un tableur",
            before: ["C'était quel client, déjà ?", "Une relance oubliée, une affaire envolée."],
            after: ["Chaque client, chaque appel, sur un seul écran.", "Des relances qui se rappellent toutes seules."],
        },
    ),
    (
        "project-management-tool",
        Lines {
            chore: "piloter les projets depuis la boîte mail",
            before: [
                "« Qui s'occupe de ça ? » Personne, en fait.",
                "L'échéance, c'était hier. Personne n'était au courant.",
            ],
            after: ["Chacun sait ce qui vient ensuite.", "Livré à temps, sans réunion de suivi."],
        },
    ),
    (
        "accounting-software",
        Lines {
            chore: "trier des tickets de caisse jusqu'à minuit",
            before: [
                "Une boîte à chaussures de justificatifs, échéance lundi.",
                "Les chiffres ne collent pas. Encore.",
            ],
            after: ["Les comptes bouclés avant vendredi.", "Chaque justificatif déjà à sa place."],
        },
    ),
    (
        "note-taking-app",
        Lines {
            chore: "perdre des notes entre cinq applis",
            before: [
                "L'idée était bonne. La note a disparu.",
                "Des notes sur un ticket, une serviette et trois applis.",
            ],
            after: ["Chaque note, à une recherche près.", "Réunion finie, notes déjà partagées."],
        },
    ),
    (
        "booking-software",
        Lines {
            chore: "prendre les rendez-vous par téléphone",
            before: [
                "Le téléphone sonne en plein rendez-vous. Encore.",
                "Deux clients, un créneau, une matinée gênante.",
            ],
            after: ["Les clients réservent seuls, jour et nuit.", "Un agenda plein sans un seul appel."],
        },
    ),
    (
        "ecommerce-platform",
        Lines {
            chore: "vendre par messages privés et virements",
            before: [
                "Les commandes en messages privés, le stock dans un carnet.",
                "« C'est toujours dispo ? » Cinquante fois par jour.",
            ],
            after: ["Une boutique qui vend pendant que tu dors.", "Commandes reçues, stock à jour, rien ne se perd."],
        },
    ),
    (
        "skincare",
        Lines {
            chore: "tester une nouvelle crème chaque mois",
            before: ["Dix produits sur l'étagère, aucun ne fait effet.", "Des plaques sèches dès midi."],
            after: ["Une peau confortable même à 18 h.", "Une routine qui prend trois minutes."],
        },
    ),
    (
        "coffee-brand",
        Lines {
            chore: "boire le café amer du bureau",
            before: ["Un café brûlé sorti de la machine du bureau.", "Cinq euros pour un latte sans saveur."],
            after: ["La meilleure tasse de la journée, à la maison.", "Des matins qui donnent envie de se lever."],
        },
    ),
    (
        "web-agency",
        Lines {
            chore: "patienter des mois pour un site",
            before: [
                "Trois devis, six semaines, toujours pas de site.",
                "Superbe sur ordinateur, illisible sur mobile.",
            ],
            after: ["En ligne en quelques semaines, et ça vend.", "Un site qu'on est fier d'envoyer."],
        },
    ),
];
