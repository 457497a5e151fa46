//! Enums whose variants have fixed spellings (URL parameters, saved state, messages):
//! the list of variants, `name()` and `from_name()` written once.

/// Declares an enum of unit variants, each with its name:
/// `named_enum! { pub enum Side { Left = "left", Right = "right" } }`
/// gives `Side::ALL`, `Side::name(self)` and `Side::from_name(&str)`. Attributes (derives,
/// docs, `#[default]`) pass through.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$variant_meta])* $variant ),+
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// The variant's fixed spelling.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text ),+
                }
            }

            /// The variant spelled `name`, if any.
            pub fn from_name(name: &str) -> Option<$name> {
                $name::ALL.into_iter().find(|v| v.name() == name)
            }
        }
    };
}
