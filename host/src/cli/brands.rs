//! `asset-host brands`: registering brands and their settings.

use clap::Subcommand;

use crate::brands;
use crate::store::Db;

#[derive(Subcommand, Debug)]
pub(super) enum BrandsCommand {
    /// Register a brand.
    Create {
        key: String,
        #[arg(long)]
        name: String,
        /// `#TAG`
        #[arg(long)]
        hashtag: String,
        /// `$TICKER`
        #[arg(long)]
        token: String,
        #[arg(long, default_value = "")]
        voice: String,
        /// The brand's messaging bot username.
        #[arg(long)]
        bot: Option<String>,
    },
    /// List brands.
    List,
    /// Switch a brand's meme mode.
    MemeMode {
        key: String,
        #[arg(value_parser = ["on", "off"])]
        mode: String,
    },
}

/// Runs a `brands` command.
pub(super) async fn run(db: &Db, command: BrandsCommand) -> Result<(), String> {
    let show = |b: &brands::Brand| {
        let mode = if b.meme_mode { "memes on" } else { "memes off" };
        println!("{:<20} {:<24} {:<14} {:<12} {mode}", b.key, b.profile.name, b.profile.hashtag, b.profile.token);
    };
    match command {
        BrandsCommand::Create { key, name, hashtag, token, voice, bot } => {
            let profile = brands::BrandProfile { name, voice, hashtag, token, palette: None };
            show(&brands::create(db, &key, profile, bot).await.map_err(|e| format!("{e:?}"))?);
        }
        BrandsCommand::List => {
            for brand in brands::list(db).await.map_err(|e| e.to_string())? {
                show(&brand);
            }
        }
        BrandsCommand::MemeMode { key, mode } => {
            show(&brands::set_meme_mode(db, &key, mode == "on").await.map_err(|e| format!("{e:?}"))?);
        }
    }
    Ok(())
}
