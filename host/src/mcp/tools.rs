//! The MCP tools: each names the HTTP route whose operation it calls (its input read into the
//! same input type, its answer the same result), and takes its input and output schemas from
//! that route in the OpenAPI document, which both are generated from. Descriptions are written
//! for a model choosing a tool: what it does, what it costs (from the catalog), how long it
//! takes, what to call next.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::ctx::Ctx;
use crate::error::Error;
use crate::http::error::input_of;
use crate::http::openapi::{Document, query_object, query_parameter, schemas_of};
use crate::{account, assets, audioscript, brands, catalog, content, generate, jobs, market, memes, mp4, pitch};
use Route::{Other, Service, Status};

/// What a tool's call returns.
pub type Called<'a> = Pin<Box<dyn Future<Output = Result<Value, Error>> + Send + 'a>>;

/// A tool.
pub struct Spec {
    pub name: &'static str,
    pub title: &'static str,
    /// What it does and what to call next; the price is added from the catalog.
    pub description: &'static str,
    /// The HTTP route of the same operation.
    pub route: Route,
    pub call: for<'a> fn(&'a Ctx, Value) -> Called<'a>,
}

/// Which HTTP route a tool shares its operation with.
#[derive(Clone, Copy, Debug)]
pub enum Route {
    /// The catalog service of this id: its route, its price, its rate group.
    Service(&'static str),
    /// The free status route of the catalog service of this id.
    Status(&'static str),
    /// A free route of its own: method and path.
    Other(&'static str, &'static str),
}

impl Spec {
    /// The method of the route it shares.
    pub fn method(&self) -> &'static str {
        match self.route {
            Route::Service(id) => catalog::service(id).map_or("POST", |s| s.method),
            Route::Status(_) => "GET",
            Route::Other(method, _) => method,
        }
    }

    /// The path of the route it shares.
    pub fn path(&self) -> &'static str {
        match self.route {
            Route::Service(id) => catalog::service(id).map_or("", |s| s.route),
            Route::Status(id) => catalog::service(id).and_then(|s| s.status_route).unwrap_or(""),
            Route::Other(_, path) => path,
        }
    }

    /// The catalog service whose price it charges, if any.
    pub fn service(&self) -> Option<&'static str> {
        match self.route {
            Route::Service(id) => Some(id),
            _ => None,
        }
    }
}

/// Reads `arguments` into the operation's input and answers its result as JSON.
fn run<'a, I, O, F, Fut>(ctx: &'a Ctx, arguments: Value, operation: F) -> Called<'a>
where
    I: DeserializeOwned,
    O: Serialize,
    F: FnOnce(&'a Ctx, I) -> Fut + Send + 'a,
    Fut: Future<Output = Result<O, Error>> + Send + 'a,
{
    Box::pin(async move {
        let input = input_of::<I>(arguments)?;
        let output = operation(ctx, input).await?;
        serde_json::to_value(output).map_err(Error::internal)
    })
}

/// The id argument of a tool whose route names one thing: `pageId` for a pitch page,
/// `listingId` for a listing, else `jobId`; with what it says to the model.
fn id_argument(path: &str) -> (&'static str, &'static str) {
    if path.starts_with("/api/agent/before/") {
        ("pageId", "The pitch page's id, as create_before_pitch answered.")
    } else if path.starts_with("/api/agent/listings/") {
        ("listingId", "The listing's id, as browse_listings or request_listing answered.")
    } else {
        ("jobId", "The job's id, as its submit tool answered.")
    }
}

/// The id argument `name` of a tool that names one thing.
fn id_of(arguments: &Value, name: &str) -> Result<String, Error> {
    arguments[name].as_str().map(str::trim).filter(|id| !id.is_empty()).map(str::to_string).ok_or_else(|| {
        let code = match name {
            "jobId" => "missing_job_id",
            "listingId" => "missing_listing_id",
            _ => "missing_page_id",
        };
        Error::bad_request(code, format!("`{name}` is required: the id the tool that made it answered."))
    })
}

/// Runs `read` on the id the argument `name` holds and answers its result as JSON.
fn by_id<'a, O, F, Fut>(ctx: &'a Ctx, arguments: Value, name: &'static str, read: F) -> Called<'a>
where
    O: Serialize,
    F: FnOnce(&'a Ctx, String) -> Fut + Send + 'a,
    Fut: Future<Output = Result<O, Error>> + Send + 'a,
{
    Box::pin(async move {
        let id = id_of(&arguments, name)?;
        serde_json::to_value(read(ctx, id).await?).map_err(Error::internal)
    })
}

/// Reads the job `jobId` names with `read`, given the `wait` the arguments ask for (status
/// tools; the same bounds as the routes' `?wait=`).
fn with_job<'a, O, F, Fut>(ctx: &'a Ctx, arguments: Value, read: F) -> Called<'a>
where
    O: Serialize,
    F: FnOnce(&'a Ctx, String, Duration) -> Fut + Send + 'a,
    Fut: Future<Output = Result<O, Error>> + Send + 'a,
{
    Box::pin(async move {
        let id = id_of(&arguments, "jobId")?;
        let wait = match &arguments["wait"] {
            Value::Null => None,
            Value::String(text) => Some(text.clone()),
            other => Some(other.to_string()),
        };
        let wait = jobs::wait(wait.as_deref())?;
        serde_json::to_value(read(ctx, id, wait).await?).map_err(Error::internal)
    })
}

pub const TOOLS: &[Spec] = &[
    Spec {
        name: "list_services",
        title: "List services, prices and limits",
        description: "Lists every service this server offers with its price in credits and USD, its input limits and \
            its rate group, and whether it is available. Free and instant. Call it first to choose a tool.",
        route: Other("GET", "/api/agent/services"),
        call: |ctx, _| {
            Box::pin(async move {
                serde_json::to_value(crate::billing::spoken_menu(
                    ctx.x402.as_deref(),
                    ctx.sol_chain.as_deref(),
                    &ctx.speech,
                ))
                .map_err(Error::internal)
            })
        },
    },
    Spec {
        name: "estimate_price",
        title: "Price a request before paying",
        description: "Answers what a call would cost on each rail (credits, USD, the x402 amount and network, SOL \
            lamports at the live rate) and whether its body would be accepted, refused with the same error the \
            tool gives: pass the service's id (`service`: pitch, audioscript, mp4, meme, invite-bot, content, \
            generate, request, asset-job) and the arguments you would send it (`request`). Free and instant; \
            nothing is charged, made or stored.",
        route: Other("POST", "/api/agent/estimate"),
        call: |ctx, arguments| run(ctx, arguments, crate::http::estimate::estimate),
    },
    Spec {
        name: "get_credits",
        title: "Credits, purchases and listings of this key",
        description: "Shows this API key's credit balance, its credit pack purchases and its listings. Free and \
            instant. When a tool answers insufficient_credits, buy a pack (see list_services) or pay per call.",
        route: Other("GET", "/api/agent/me"),
        call: |ctx, _| Box::pin(async move { serde_json::to_value(account::me(ctx).await?).map_err(Error::internal) }),
    },
    Spec {
        name: "list_brands",
        title: "Registered brands",
        description: "Lists the registered brands whose voice create_meme can write in (pass a brand's key as \
            `brand`), and whether each has memes switched on. Free and instant.",
        route: Other("GET", "/api/agent/brands"),
        call: |ctx, _| {
            Box::pin(async move { serde_json::to_value(brands::agents_list(ctx).await?).map_err(Error::internal) })
        },
    },
    Spec {
        name: "create_before_pitch",
        title: "Personalized pitch page",
        description: "Makes a personalized pitch page for one person from their website, an x.com or linkedin \
            link, or a sentence about them (`input`), optionally saying what you sell (`offer`), in any of 23 \
            languages. Answers the page's URL in a few seconds; share it with that person.",
        route: Service("pitch"),
        call: |ctx, arguments| run(ctx, arguments, pitch::create),
    },
    Spec {
        name: "get_pitch_activity",
        title: "Who opened a pitch page",
        description: "Shows what people did on a pitch page this key made (`pageId`): views, plays, shares and \
            call-to-action clicks, each with its count and first and last time, counted in their browsers (link \
            previews and bots are not counted); and, for a pitch made with a `callbackUrl`, every attempt to send \
            its page.viewed and page.cta_clicked events. Free and instant: follow up once the page is seen.",
        route: Other("GET", "/api/agent/before/{id}"),
        call: |ctx, arguments| {
            by_id(ctx, arguments, "pageId", |ctx, id| async move { pitch::activity::status(ctx, &id).await })
        },
    },
    Spec {
        name: "create_audioscript",
        title: "Captioned audio page from a script or a recording",
        description: "Turns a script under 150 words (`script`, spoken verbatim) or a recording (`audio_url`, an \
            https link to mp3, m4a or wav up to 3 minutes) into a beat-timed captioned audio page. Answers a jobId \
            at once; the page takes seconds: poll get_audioscript_status (free) until `succeeded`, then pass its \
            pageUrl to request_mp4 for a video.",
        route: Service("audioscript"),
        call: |ctx, arguments| run(ctx, arguments, audioscript::submit),
    },
    Spec {
        name: "get_audioscript_status",
        title: "Audioscript job status",
        description: "Where an audioscript job is (`queued`, `running`, `succeeded` with its pageUrl and its \
            captions as captionsVttUrl and captionsSrtUrl, a cue per word; or `failed`, refunded). Free; pass `wait` \
            (up to 30 s) to be answered as soon as it changes instead of polling.",
        route: Status("audioscript"),
        call: |ctx, arguments| {
            with_job(ctx, arguments, |ctx, id, wait| async move {
                jobs::status(ctx, &id, audioscript::KIND, audioscript::result_view, wait).await
            })
        },
    },
    Spec {
        name: "check_audioscript_payment",
        title: "Find the SOL deposit of an audioscript job",
        description: "For an audioscript job submitted with `_meta.payWith: \"sol\"` (it waits in `awaiting_payment` with \
            a quote: send exactly its amountLamports to its wallet): looks on chain for the deposit and claims it, \
            so the job starts now (it is also found by itself within a minute); runs a paid job that failed again. \
            Answers the job's status. Free.",
        route: Other("POST", "/api/agent/audioscript/{jobId}/check"),
        call: |ctx, arguments| {
            with_job(ctx, arguments, |ctx, id, _| async move {
                jobs::deposits::check(ctx, &id, audioscript::KIND, audioscript::result_view).await
            })
        },
    },
    Spec {
        name: "request_mp4",
        title: "Vertical MP4 of an audio page",
        description: "Renders an audio page of this service (`pageUrl`: /m/<id> or its full address, as \
            get_audioscript_status answers) into a 1080×1920 MP4 with its voice and captions. Answers a jobId at \
            once; rendering takes a few seconds: poll get_mp4_status (free) for mp4Url, hosted about 24 hours.",
        route: Service("mp4"),
        call: |ctx, arguments| run(ctx, arguments, mp4::submit),
    },
    Spec {
        name: "get_mp4_status",
        title: "MP4 job status",
        description: "Where an MP4 job is; once `succeeded` it has mp4Url (the file, with a subtitle track), \
            videoPageUrl (a page that plays it), posterUrl (its first picture) and loopUrl (a looping GIF \
            preview, at most 6 s, for chats), hosted about 24 hours, and captionsVttUrl and captionsSrtUrl (its \
            captions, a cue per word). Free; pass `wait` (up to 30 s) to be answered as soon as it changes instead \
            of polling.",
        route: Status("mp4"),
        call: |ctx, arguments| {
            with_job(ctx, arguments, |ctx, id, wait| async move {
                jobs::status(ctx, &id, mp4::KIND, mp4::result_view, wait).await
            })
        },
    },
    Spec {
        name: "check_mp4_payment",
        title: "Find the SOL deposit of an MP4 job",
        description: "For an MP4 job submitted with `_meta.payWith: \"sol\"` (it waits in `awaiting_payment` with \
            a quote: send exactly its amountLamports to its wallet): looks on chain for the deposit and claims it, \
            so the job starts now (it is also found by itself within a minute); runs a paid job that failed again. \
            Answers the job's status. Free.",
        route: Other("POST", "/api/agent/mp4/{jobId}/check"),
        call: |ctx, arguments| {
            with_job(ctx, arguments, |ctx, id, _| async move {
                jobs::deposits::check(ctx, &id, mp4::KIND, mp4::result_view).await
            })
        },
    },
    Spec {
        name: "create_meme",
        title: "Meme in a brand's voice",
        description: "Writes a meme from a sentence, idea, website or X post (`input`) in any of 23 languages \
            (`language`), of a kind (`kind`: image, carousel, confession, hottake, reply, hybrid), optionally in a \
            registered brand's voice (`brand`, see list_brands) or an ad-hoc one (`brandProfile`). Answers its live \
            page in well under a second.",
        route: Service("meme"),
        call: |ctx, arguments| run(ctx, arguments, memes::create),
    },
    Spec {
        name: "create_invite",
        title: "Invite to a free branded bot",
        description: "Makes a one-time claim link for a free branded bot with 200 generations, personalized for \
            the recipient (`input`: their website, link or a sentence about them). At most 3 a day and 10 \
            unclaimed per key. Answers in a few seconds.",
        route: Service("invite-bot"),
        call: |ctx, arguments| run(ctx, arguments, pitch::invite::create),
    },
    Spec {
        name: "create_content",
        title: "Post in a brand's voice",
        description: "Writes one post about `input` in a registered brand's voice (`brand`, see list_brands) or an \
            ad-hoc one (`brandProfile`), in any of 23 languages (`language`), for a platform (`category`: tweet, \
            thread, linkedin, instagram, tiktok-script, email, blog-intro, press-release, or meme, which answers as \
            create_meme does), within that platform's limits. Answers the post in a few seconds.",
        route: Service("content"),
        call: |ctx, arguments| run(ctx, arguments, content::create),
    },
    Spec {
        name: "generate_page",
        title: "Page of a chosen kind",
        description: "Makes a page of a kind (`kind`: pitch, slideshow or audioscript) from `input` (a pitch: about \
            the person; a slideshow: the idea; an audioscript: the script, spoken verbatim), optionally in a \
            registered brand's look (`brand`) and language (`language`). A pitch or slideshow answers its page in \
            seconds; an audioscript answers a jobId: poll get_audioscript_status (free).",
        route: Service("generate"),
        call: |ctx, arguments| {
            run(ctx, arguments, |ctx, request| async move {
                match generate::generate(ctx, request).await? {
                    generate::Answer::Page(page) => serde_json::to_value(page).map_err(Error::internal),
                    generate::Answer::Job(job) => serde_json::to_value(job).map_err(Error::internal),
                }
            })
        },
    },
    Spec {
        name: "request_listing",
        title: "Make a page and list it for sale",
        description: "Makes a page as generate_page does and lists it for other agents to buy at `price` credits; \
            each sale pays you the price less a 20% platform fee. Answers the listing (listed at once, or once its \
            job has made an audioscript page).",
        route: Service("request"),
        call: |ctx, arguments| run(ctx, arguments, |ctx, body| async move { Ok(market::request(ctx, body).await?.0) }),
    },
    Spec {
        name: "browse_listings",
        title: "Pages for sale",
        description: "Lists pages other agents sell, newest or most sold first (`sort`), filtered by `kind`, \
            `language` or `brand`, `limit` at a time; pass the answer's `nextCursor` as `cursor` for more. Each has \
            its price in credits and a free preview. Free and instant; buy one with buy_listing.",
        route: Other("GET", "/api/agent/listings"),
        call: |ctx, arguments| run(ctx, arguments, market::browse),
    },
    Spec {
        name: "get_listing",
        title: "One listing",
        description: "One listing (`listingId`): its title, kind, language, price, seller's sales and free preview. \
            Free and instant.",
        route: Other("GET", "/api/agent/listings/{id}"),
        call: |ctx, arguments| by_id(ctx, arguments, "listingId", |ctx, id| async move { market::get(ctx, &id).await }),
    },
    Spec {
        name: "buy_listing",
        title: "Buy a listed page",
        description: "Buys a listing (`listingId`) at its price in credits from this key's balance and answers the \
            page's URL, yours to share. Buying one you already bought answers it again without a second charge.",
        route: Other("POST", "/api/agent/listings/{id}/buy"),
        call: |ctx, arguments| by_id(ctx, arguments, "listingId", |ctx, id| async move { market::buy(ctx, &id).await }),
    },
    Spec {
        name: "create_asset_job",
        title: "MP4 asset paid per asset in SOL",
        description: "Makes a free preview (a meme page; `format`: single-meme or slideshow) from an idea, product \
            or URL (`input`) and a 24-hour quote: send exactly `amountLamports` to the treasury `wallet` by a plain \
            SOL transfer (no memo), then call check_asset_job. Optional `callbackUrl` gets signed webhooks.",
        route: Service("asset-job"),
        call: |ctx, arguments| run(ctx, arguments, assets::jobs::create),
    },
    Spec {
        name: "check_asset_job",
        title: "Look for an asset job's SOL payment",
        description: "Looks on chain for the asset job's deposit and claims it; once paid, waits up to 20 seconds \
            for the MP4 and answers mp4Url (`DELIVERED`). `paid: false` means nothing has landed yet: check again \
            in a few seconds.",
        route: Other("POST", "/api/agent/asset/jobs/{id}/check"),
        call: |ctx, arguments| {
            with_job(ctx, arguments, |ctx, id, _| async move { assets::jobs::check(ctx, &id).await })
        },
    },
    Spec {
        name: "get_asset_job",
        title: "Asset job status",
        description: "An asset job as recorded (never reads the chain): status, quote, previewUrl, and mp4Url once \
            delivered. Free; instant, or with `wait` (up to 30 s) as soon as its status changes.",
        route: Status("asset-job"),
        call: |ctx, arguments| {
            with_job(ctx, arguments, |ctx, id, wait| async move { assets::jobs::get(ctx, &id, wait).await })
        },
    },
];

/// The tool named `name`.
pub fn find(name: &str) -> Option<&'static Spec> {
    TOOLS.iter().find(|t| t.name == name)
}

/// The tool that runs catalog service `id`, and the one that reads its jobs (other front ends
/// call operations through the same table).
pub fn of_service(id: &str) -> (Option<&'static Spec>, Option<&'static Spec>) {
    let run = TOOLS.iter().find(|t| matches!(t.route, Service(s) if s == id));
    let status = TOOLS.iter().find(|t| matches!(t.route, Status(s) if s == id));
    (run, status)
}

/// The tool that looks for the SOL deposit of a job of catalog service `id` (its status
/// route's `/check`).
pub fn check_of(id: &str) -> Option<&'static Spec> {
    let status = catalog::service(id)?.status_route?;
    TOOLS.iter().find(|t| t.method() == "POST" && t.path().strip_suffix("/check") == Some(status))
}

/// The status tools whose answer a call of `spec` may end with when it runs as an MCP task: its
/// own service's, and for page generation those of the page kinds made by jobs. Empty: the
/// tool never becomes a task.
pub fn finishers(spec: &Spec) -> Vec<&'static Spec> {
    let Some(id) = spec.service() else { return Vec::new() };
    let pages = catalog::PAGE_KINDS.iter().filter(|k| k.asynchronous && id == "generate");
    of_service(id).1.into_iter().chain(pages.filter_map(|k| of_service(k.kind).1)).collect()
}

/// The tool as `tools/list` shows it: schemas from its route in `doc`, the price appended; a
/// tool that may run as a task also answers what its job's status tool answers (a task's result).
pub fn describe(spec: &Spec, doc: &Document) -> Tool {
    let (input, output) = schemas_of(doc, spec.method(), spec.path());
    let finals = finishers(spec).into_iter().map(|s| {
        let about = format!("Once it ran as a task: the job as {} answers it.", s.name);
        schemas_of(doc, s.method(), s.path()).1.unwrap_or_else(|| json!({"type": "object", "description": about}))
    });
    let output = output.map(|first| any_of(std::iter::once(first).chain(finals)));
    let input = arguments_of(spec, doc, input);
    let price = spec.service().map(catalog::price_words).unwrap_or_default();
    let read_only = spec.method() == "GET";
    let annotations = ToolAnnotations::with_title(spec.title)
        .read_only(read_only)
        .destructive(false)
        .idempotent(read_only)
        .open_world(spec.path().contains("asset"));
    let mut tool = Tool::new(spec.name, format!("{}{price}", spec.description), Arc::new(input)).annotate(annotations);
    if let Some(output) = output.map(object).filter(|o| o.get("type") == Some(&json!("object"))) {
        tool = tool.with_raw_output_schema(Arc::new(output));
    }
    if let Some(meta) = super::apps::tool_meta(spec.name) {
        tool = tool.with_meta(meta);
    }
    tool
}

/// A tool's arguments: its route's request body, a GET's query parameters, or, for a route
/// that names a job or page in its path, that id (and `wait` when the route takes it).
fn arguments_of(spec: &Spec, doc: &Document, body: Value) -> JsonObject {
    let mut input = object(body);
    if spec.method() == "GET" {
        // A listing's filters are the route's query parameters.
        if let Some(query) = query_object(doc, spec.method(), spec.path()) {
            input = object(query);
        }
    }
    if spec.path().contains('{') {
        // Status tools name their job by `jobId` (a pitch page by `pageId`), whatever the
        // route's path calls it.
        let (name, about) = id_argument(spec.path());
        input = object(json!({
            "type": "object",
            "properties": {name: {"type": "string", "description": about}},
            "required": [name],
        }));
        if spec.method() == "POST" && spec.path().ends_with("/check") {
            input.insert("description".into(), json!("The asset job to check."));
        }
        if let (Some(wait), Some(Value::Object(properties))) =
            (query_parameter(doc, spec.method(), spec.path(), "wait"), input.get_mut("properties"))
        {
            properties.insert("wait".into(), wait);
        }
    }
    input
}

/// One schema any of `schemas` satisfies (their `anyOf`s flattened, each once).
fn any_of(schemas: impl Iterator<Item = Value>) -> Value {
    let mut all: Vec<Value> = Vec::new();
    for schema in schemas {
        let parts = match schema.get("anyOf").and_then(Value::as_array) {
            Some(parts) if schema.as_object().is_some_and(|o| o.len() == 1) => parts.clone(),
            _ => vec![schema],
        };
        for part in parts {
            if !all.contains(&part) {
                all.push(part);
            }
        }
    }
    if all.len() == 1 { all.remove(0) } else { json!({"anyOf": all}) }
}

/// `value` as the object schema MCP wants at the top of a tool's schemas: a composition of
/// object schemas (`allOf`, `oneOf`) is stated to be an object too.
fn object(value: Value) -> JsonObject {
    let mut map = match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    };
    let composed = ["allOf", "oneOf", "anyOf"].iter().any(|k| map.contains_key(*k));
    if !map.contains_key("type") && (composed || map.is_empty()) {
        map.insert("type".into(), json!("object"));
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Availability;
    use crate::http::policy;

    /// Adding a service to the catalog without a tool (or a tool without a route) fails here:
    /// every available service is reachable over MCP, with its status route where it has one,
    /// and every tool shares the policy (rate group, idempotency, rails) of an HTTP route.
    #[test]
    fn every_available_service_has_a_tool_a_route_and_a_menu_row() {
        let menu = catalog::menu(None, None);
        for service in catalog::SERVICES.iter().filter(|s| s.availability == Availability::Available) {
            assert!(TOOLS.iter().any(|t| t.service() == Some(service.id)), "{} has no MCP tool", service.id);
            if let Some(status) = service.status_route {
                assert!(TOOLS.iter().any(|t| t.path() == status), "{} has no status tool", service.id);
            }
            assert!(menu.services.iter().any(|row| row.service.id == service.id), "{} has no menu row", service.id);
        }
        for tool in TOOLS {
            let route = policy::find(tool.method(), tool.path());
            assert!(route.is_some(), "{} shares no HTTP route ({} {})", tool.name, tool.method(), tool.path());
            assert_eq!(route.and_then(|r| r.operation), tool.service(), "{} charges as its route does", tool.name);
        }
        let names: std::collections::BTreeSet<&str> = TOOLS.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), TOOLS.len(), "tool names are unique");
    }
}
