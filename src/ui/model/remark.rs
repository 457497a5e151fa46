//! A remark for the person (why a move was refused, what the engine or an import did),
//! kept as what happened and worded when drawn, so it follows a change of language.

use std::fmt;
use std::sync::Arc;

use crate::ui::text::i18n::{Lang, T};

#[derive(Clone)]
pub struct Remark(Arc<dyn Fn(Lang) -> String + Send + Sync>);

impl Remark {
    /// A remark worded by `words` in whichever language the page shows.
    pub fn new(words: impl Fn(Lang) -> String + Send + Sync + 'static) -> Remark {
        Remark(Arc::new(words))
    }

    /// A remark that is one text of the table.
    pub fn of(key: T) -> Remark {
        Remark::new(move |lang| key.get(lang).to_string())
    }

    pub fn words(&self, lang: Lang) -> String {
        (self.0)(lang)
    }
}

impl fmt::Debug for Remark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Remark({:?})", self.words(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remark_follows_the_language() {
        let remark = Remark::new(|lang| T::Imported.with(lang, &["3"]));
        assert_ne!(remark.words(Lang::En), remark.words(Lang::Ja));
        assert_eq!(Remark::of(T::GameIsOver).words(Lang::Ja), T::GameIsOver.get(Lang::Ja));
    }
}
