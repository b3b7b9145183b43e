//! How a job's status answer reads to MCP: the job in it (asset jobs answer it under `job`) and
//! how far it got — the progress a stage stands for and what a person is told of it.

use serde_json::Value;

use crate::jobs::Stage;

/// Progress runs from 0 (queued) through each stage to this (ended).
pub const TOTAL: f64 = Stage::ALL.len() as f64 + 1.0;

/// The job a status (or create) answer shows: asset jobs answer it under `job`.
pub fn job_of(view: &Value) -> &Value {
    if view["job"].is_object() { &view["job"] } else { view }
}

/// Where a job's status view says it is: the progress reached and what to tell a person.
pub fn progress_of(view: &Value) -> (f64, String) {
    let view = job_of(view);
    match view["status"].as_str().unwrap_or_default() {
        "succeeded" | "DELIVERED" => (TOTAL, "Done.".into()),
        "failed" | "RENDER_FAILED" | "EXPIRED" => (TOTAL, "Ended without a result.".into()),
        "running" | "PAID" => {
            let stage = view["stage"].as_str().and_then(Stage::parse);
            let step = stage.map_or(0.5, |s| 1.0 + Stage::ALL.iter().position(|a| *a == s).unwrap_or(0) as f64);
            (step, format!("Rendering: {}.", stage.map_or("starting", telling)))
        }
        "awaiting_payment" | "AWAITING_PAYMENT" => (0.0, "Waiting for its SOL deposit.".into()),
        _ => (0.0, "Queued.".into()),
    }
}

/// A stage as a person reads it.
fn telling(stage: Stage) -> &'static str {
    match stage {
        Stage::Script => "writing the beats",
        Stage::Voice => "making the voice",
        Stage::Pictures => "drawing the pictures",
        Stage::Encode => "encoding the video",
        Stage::Keep => "storing the result",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn progress_grows_with_each_stage_and_ends_at_the_total() {
        let step = |view: Value| progress_of(&view).0;
        let queued = step(json!({"status": "queued"}));
        let starting = step(json!({"status": "running"}));
        let stages: Vec<f64> =
            Stage::ALL.iter().map(|s| step(json!({"status": "running", "stage": s.as_str()}))).collect();
        let mut seen = vec![queued, starting];
        seen.extend(&stages);
        seen.push(step(json!({"status": "succeeded"})));
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&TOTAL));
        assert_eq!(step(json!({"status": "failed"})), TOTAL);
        assert_eq!(progress_of(&json!({"status": "running", "stage": "encode"})).1, "Rendering: encoding the video.");
    }
}
