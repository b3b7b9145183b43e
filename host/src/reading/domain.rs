//! What an input is about, from its words: one of the domains the copy tables write for
//! (`copywriter::DOMAINS` in the generators), so copy in any language can speak of the status
//! quo the subject changes without quoting the input.

/// Stems per domain, matched at word starts (short ones as whole words) in the lower-cased input; English first, then the
/// commonest forms of a few other languages. The domain with the most hits wins; ties go to
/// the earlier (more specific) domain.
const STEMS: [(&str, &[&str]); 13] = [
    (
        "crypto",
        &[
            "crypto",
            "blockchain",
            "token",
            "solana",
            "ethereum",
            "bitcoin",
            "web3",
            "defi",
            "nft",
            "wallet",
            "usdc",
            "stablecoin",
            "onchain",
            "on-chain",
        ],
    ),
    (
        "ai",
        &[
            "ai",
            "a.i.",
            "agent",
            "llm",
            "gpt",
            "machine learning",
            "chatbot",
            "prompt",
            "model",
            "inteligencia artificial",
            "ki ",
            "ia ",
            "人工知能",
            "人工智能",
            "인공지능",
        ],
    ),
    (
        "finance",
        &[
            "invoice",
            "invoic",
            "accounting",
            "bookkeep",
            "payroll",
            "tax",
            "expense",
            "budget",
            "bank",
            "payment",
            "fintech",
            "factura",
            "facture",
            "rechnung",
            "请求書",
            "发票",
        ],
    ),
    (
        "sales",
        &[
            "sales",
            "lead",
            "outreach",
            "crm",
            "prospect",
            "cold email",
            "pipeline",
            "deal",
            "b2b",
            "closing",
            "ventas",
            "vertrieb",
        ],
    ),
    (
        "marketing",
        &[
            "marketing",
            "brand",
            "social media",
            "seo",
            "campaign",
            "audience",
            "growth",
            "newsletter",
            "ads",
            "advert",
            "engagement",
            "followers",
        ],
    ),
    (
        "creator",
        &[
            "creator",
            "video",
            "youtube",
            "tiktok",
            "podcast",
            "content",
            "reels",
            "editing",
            "stream",
            "influencer",
            "vlog",
        ],
    ),
    (
        "food",
        &[
            "food",
            "bakery",
            "bake",
            "bread",
            "coffee",
            "cafe",
            "café",
            "restaurant",
            "recipe",
            "cook",
            "meal",
            "lunch",
            "pizza",
            "kitchen",
            "chef",
            "snack",
            "tea",
            "panader",
            "boulanger",
            "bäckerei",
            "パン",
            "咖啡",
        ],
    ),
    (
        "fitness",
        &[
            "fitness", "gym", "workout", "training", "run", "yoga", "muscle", "exercise", "sport", "coach", "pilates",
            "marathon",
        ],
    ),
    (
        "health",
        &[
            "health",
            "clinic",
            "doctor",
            "therapy",
            "medical",
            "patient",
            "sleep",
            "mental",
            "wellness",
            "nutrition",
            "dental",
            "care",
        ],
    ),
    (
        "education",
        &[
            "learn",
            "course",
            "school",
            "student",
            "teach",
            "tutor",
            "education",
            "study",
            "classroom",
            "lesson",
            "university",
            "language",
        ],
    ),
    (
        "travel",
        &[
            "travel",
            "trip",
            "flight",
            "hotel",
            "booking",
            "tour",
            "vacation",
            "holiday",
            "destination",
            "airbnb",
            "visa",
        ],
    ),
    (
        "style",
        &[
            "fashion", "clothes", "clothing", "outfit", "wear", "shoe", "sneaker", "beauty", "skincare", "makeup",
            "jewel", "style", "dress",
        ],
    ),
    (
        "software",
        &[
            "app",
            "software",
            "saas",
            "api",
            "platform",
            "tool",
            "dashboard",
            "developer",
            "code",
            "automation",
            "workflow",
            "cloud",
            "startup",
            "notes",
            "productivity",
            "integration",
        ],
    ),
];

/// The domain of `text`, "general" when no stem is found.
pub fn of(text: &str) -> &'static str {
    let lower = format!(" {} ", text.to_lowercase());
    let at_word_start = |stem: &str| {
        lower.match_indices(stem).any(|(i, _)| {
            let before = lower[..i].chars().next_back();
            let after = lower[i + stem.len()..].trim_start_matches('s').chars().next();
            // Scripts without spaces match anywhere; others at a word's start, and a short
            // stem only as a whole word (or its plural): "tea" is not "team".
            !stem.is_ascii()
                || (before.is_none_or(|c| !c.is_alphanumeric())
                    && (stem.len() > 4 || after.is_none_or(|c| !c.is_alphanumeric())))
        })
    };
    let mut best = ("general", 0);
    for (domain, stems) in STEMS {
        let hits = stems.iter().filter(|s| at_word_start(s)).count();
        if hits > best.1 {
            best = (domain, hits);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::of;

    #[test]
    fn inputs_fall_in_the_domain_their_words_name() {
        for (text, domain) in [
            ("Acme Invoices chases late payments for freelancers", "finance"),
            ("A sourdough bakery in Lisbon", "food"),
            ("Agents that pay for their own tools", "ai"),
            ("Pay per call in USDC on Solana", "crypto"),
            ("A note-taking app for busy teams", "software"),
            ("We sell handmade sneakers", "style"),
            ("Something nobody can classify", "general"),
            ("Broadway shows", "general"),
        ] {
            assert_eq!(of(text), domain, "{text}");
        }
    }
}
