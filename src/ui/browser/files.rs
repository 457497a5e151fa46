//! Files of the site fetched when first wanted, after the page's first load (the service
//! worker keeps them for offline use).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The response for `path` (relative to the page), or why there is none, in a few words.
async fn get(path: &str) -> Result<web_sys::Response, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(path)).await.map_err(|_| "offline")?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "no response")?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    Ok(response)
}

/// The file at `path` as text.
pub async fn text(path: &str) -> Result<String, String> {
    let body = get(path).await?.text().map_err(|_| "no text")?;
    let text = JsFuture::from(body).await.map_err(|_| "no text")?;
    Ok(text.as_string().unwrap_or_default())
}

/// The file at `path` as bytes.
pub async fn bytes(path: &str) -> Result<js_sys::ArrayBuffer, String> {
    let body = get(path).await?.array_buffer().map_err(|_| "no body")?;
    let bytes = JsFuture::from(body).await.map_err(|_| "no body")?;
    bytes.dyn_into().map_err(|_| "no body".to_string())
}
