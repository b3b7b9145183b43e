//! Text completion through the operator's OpenAI-compatible model endpoint (OpenAI, Ollama,
//! vLLM, llama.cpp server): one chat-completions call, bounded in time and size.

use std::time::Duration;

use serde_json::{Value, json};

/// Where the model is and how to ask it.
#[derive(Clone, Debug)]
pub struct ModelClient {
    base_url: String,
    model: String,
    api_key: Option<String>,
    http: reqwest::Client,
}

impl ModelClient {
    /// `base_url` is the API root, e.g. `http://127.0.0.1:11434/v1`.
    pub fn new(base_url: &str, model: &str, api_key: Option<String>, timeout: Duration) -> Result<ModelClient, String> {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| e.to_string())?;
        Ok(ModelClient {
            base_url: base_url.trim_end_matches('/').to_string(),
            model: model.to_string(),
            api_key,
            http,
        })
    }

    /// The model's answer to `prompt` under `system`, at most `max_tokens` long.
    pub async fn complete(
        &self,
        system: &str,
        prompt: &str,
        max_tokens: u32,
        schema: Option<&Value>,
    ) -> Result<String, String> {
        let mut body = json!({
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
            "max_tokens": max_tokens.clamp(1, 4096),
        });
        if let Some(schema) = schema {
            // Structured output as chat-completions endpoints take it; one that does not
            // know it answers 400, and is asked again for plain JSON.
            body["response_format"] =
                json!({"type": "json_schema", "json_schema": {"name": "answer", "strict": true, "schema": schema}});
            match self.send(&body).await {
                Err(status) if status == "model answered HTTP 400" => {
                    body["response_format"] = json!({"type": "json_object"});
                }
                answered => return answered,
            }
        }
        self.send(&body).await
    }

    /// Posts one chat-completions request; the answer's text.
    async fn send(&self, body: &Value) -> Result<String, String> {
        let mut request = self.http.post(format!("{}/chat/completions", self.base_url)).json(body);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.map_err(|e| format!("model unreachable: {}", e.without_url()))?;
        if !response.status().is_success() {
            return Err(format!("model answered HTTP {}", response.status().as_u16()));
        }
        let answer: Value =
            response.json().await.map_err(|e| format!("model answer is not JSON: {}", e.without_url()))?;
        answer["choices"][0]["message"]["content"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| "model answer has no choices[0].message.content".into())
    }
}
