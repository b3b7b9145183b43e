//! Credit pack routes: buying a pack (USDC over x402, or a card checkout) and Stripe's events.

use axum::{
    Json,
    body::Bytes,
    extract::{Path, State},
    http::HeaderMap,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Bought, BuyRequest, EventOutcome};
use crate::error::Error;
use crate::http::error::ErrorBody;
use crate::http::{AppState, Call};

/// Buys a credit pack for this key: in USDC over x402 (the 402 says what to pay; retry with
/// the payment), or with `{"method":"card"}` a Stripe checkout URL (credits arrive once paid).
#[utoipa::path(post, path = "/api/agent/credits/packs/{pack}/buy", tag = "billing",
    params(("pack" = String, Path, description = "A pack id from /api/agent/credits/packs")),
    request_body(content = Option<BuyRequest>, description = "Optional; `usdc` by default"),
    responses((status = 200, body = Bought),
              (status = 400, description = "A bad body, or card payments not set up here (`payment_rail_unavailable`)", body = ErrorBody),
              (status = 402, description = "Pay the pack's price over x402", body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn buy(Call(ctx): Call, Path(pack): Path<String>, body: Bytes) -> Result<Json<Bought>, Error> {
    // The body is optional: an x402 client retries the same bare POST with its payment.
    // No body, or `null`, is the default request.
    let request = if body.iter().all(u8::is_ascii_whitespace) {
        BuyRequest::default()
    } else {
        serde_json::from_slice::<Option<BuyRequest>>(&body)
            .map_err(|e| {
                Error::bad_request("invalid_request", format!("The body does not match the expected fields: {e}"))
            })?
            .unwrap_or_default()
    };
    Ok(Json(super::buy(&ctx, &pack, request).await?))
}

/// Stripe's events for card purchases; `Stripe-Signature` must match the raw body.
#[utoipa::path(post, path = "/api/billing/stripe/webhook", tag = "billing",
    responses((status = 200, body = EventOutcome), (status = 400, description = "Bad signature or event; nothing changed", body = ErrorBody),
              (status = 404, description = "Stripe events are not set up on this service", body = ErrorBody)))]
async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<EventOutcome>, Error> {
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
    Ok(Json(super::stripe_event(&state.services, signature, &body).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(buy)).routes(routes!(stripe_webhook))
}
