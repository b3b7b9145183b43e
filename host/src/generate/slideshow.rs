//! Slideshow pages: the slideshow generator writes a title slide, points and a closer about the
//! input; each slide becomes a beat, voiced with word times and drawn like an audioscript's;
//! the page (an engine page of kind `slideshow`, so it renders to MP4 like any other) is stored
//! with its charge in one transaction. Synchronous, like a pitch.

use crate::billing::{self, Hold, Price};
use crate::brands;
use crate::ctx::Ctx;
use crate::engine;
use crate::error::Error;
use crate::media::speech;
use crate::pipeline::{self, Script};
use crate::plugins::{Brand as WitBrand, Content, PluginError, Request};
use crate::render::style::Style;
use crate::store;

use super::Checked;

/// The generator slot, and the page kind.
pub const SLOT: &str = "slideshow";
/// Most slides a page takes (one beat each).
const MOST_SLIDES: usize = 12;
/// Longest slide, in characters.
const SLIDE_CHARS: usize = 200;

/// The job a slideshow page `id` is recorded under.
pub fn origin(id: &str) -> String {
    format!("ss_{id}")
}

/// The generator's slides, checked: 2 to 12, each 1–200 characters; as (caption, what the voice
/// reads).
fn slides(content: &Content) -> Result<Vec<(String, String)>, Error> {
    let slides: Vec<_> = content.blocks.iter().filter(|b| b.role == "slide").collect();
    let fits = |text: &str| !text.trim().is_empty() && text.chars().count() <= SLIDE_CHARS;
    if !(2..=MOST_SLIDES).contains(&slides.len()) || slides.iter().any(|b| !fits(&b.text)) {
        return Err(PluginError::InvalidOutput(format!(
            "the slideshow generator must write 2 to {MOST_SLIDES} slides of 1 to {SLIDE_CHARS} characters"
        ))
        .into());
    }
    let speech = |b: &crate::plugins::Block| b.attributes.iter().find(|(k, _)| k == "speech").map(|(_, v)| v.clone());
    Ok(slides.iter().map(|b| (b.text.trim().to_string(), speech(b).unwrap_or_else(|| b.text.clone()))).collect())
}

/// Whether a slideshow of `checked` can be made: a voice for its language and a generator to
/// write it; answers the voice.
pub fn check(ctx: &Ctx, checked: &Checked) -> Result<speech::Voice, Error> {
    let voice = speech::voice_for_generated(&ctx.speech, checked.language)?;
    ctx.plugins.writer(SLOT, checked.brand.as_ref().map(|b| b.key.as_str()), checked.language)?;
    Ok(voice)
}

/// Makes slideshow page `id` for the caller at `price`: checks the voice and the generator,
/// pays, writes, voices, stores; on any failure the payment is released and nothing stays.
pub async fn create_as(ctx: &Ctx, checked: &Checked, id: &str, price: Price) -> Result<Hold, Error> {
    let language = checked.language;
    let voice = check(ctx, checked)?;
    let brand_key = checked.brand.as_ref().map(|b| b.key.clone());
    let seed = crate::plugins::seed_of(id);
    let style = match &checked.brand {
        Some(brand) => brands::look::style(ctx, Some(&brand.key), &brand.profile.name).await?,
        None => Style::seeded(seed),
    };
    let reading = crate::reading::read(&ctx.guard, &checked.input).await;
    let subject = crate::illustrate::Subject::of(&reading);
    let ask = Request {
        task: SLOT.into(),
        kind: Some(SLOT.into()),
        input: checked.input.clone(),
        language: language.code.into(),
        seed,
        brand: checked.brand.as_ref().map(|b| WitBrand {
            key: b.key.clone(),
            name: b.profile.name.clone(),
            voice: b.profile.voice.clone(),
            hashtag: b.profile.hashtag.clone(),
            token: b.profile.token.clone(),
        }),
        options: Vec::new(),
        reading: crate::plugins::reading::to_wit(&reading),
    };
    let (services, key_id, title) = (ctx.services.clone(), ctx.caller.key_id, checked.title.clone());
    let (id, origin) = (id.to_string(), origin(id));
    let work = move |hold: Hold| async move {
        let (content, _) = services.plugins.generate(SLOT, brand_key.as_deref(), &ask).await.map_err(Error::from)?;
        let (captions, said): (Vec<String>, Vec<String>) = slides(&content)?.into_iter().unzip();
        let title = title.unwrap_or_else(|| captions[0].clone());
        let cover = pipeline::Cover::new(&title, style, seed).about(subject);
        let made = pipeline::speak_and_lay(&services, &voice, language, Script { captions, said }, cover)
            .await
            .map_err(Error::from)?;
        let about = engine::About { title: &title, language, brand: brand_key.as_deref() };
        let record = async {
            let mut page = engine::put_voice(&services, &id, (&origin, key_id), about, &made).await?;
            page.kind = SLOT;
            hold.settle(&services.db).await?;
            let mut tx = services.db.pool().begin().await?;
            engine::insert_paid_in(&mut tx, &page, &hold).await?;
            tx.commit().await?;
            Ok::<(), Error>(())
        };
        if let Err(e) = record.await {
            // Not recorded, so not charged: its voice track goes too.
            store::blobs::discard(services.blobs.as_ref(), &[store::engine::voice_key(&origin)]).await;
            return Err(e);
        }
        engine::pictures::draw_soon(&services, &id);
        Ok(())
    };
    Ok(billing::pay_for(ctx, price, work).await?.1)
}
