//! The names of what is on the board: the game's opening strategy (Static Rook, Fourth-file
//! Ranging Rook, Bishop Exchange, ...) and each side's castle (Mino, Yagura, Anaguma, ...),
//! read from `names.txt` (its format is in the README) and found in the game so far.
//!
//! A definition is read from its owner's side, and a game is named by the first definition
//! in the file that fits, so the file lists the more specific first. The strategy is the
//! first one the game has reached at any move so far (once reached it stays: a later move
//! cannot undo an opening); a side's castle is the one standing at the latest move where one
//! stood (the castle shown while it stands, and the last one built once the fight breaks it).

use crate::rules::{Color, Move, Piece, Position, Role, Square};
use crate::ui::model::data_file::{content_lines, LineError};
use crate::ui::model::lesson_id::LessonId;
use crate::ui::text::i18n::{Both, Lang};

/// The names' file, beside the page.
pub const NAMES_FILE: &str = "names.txt";

named_enum! {
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Kind {
        Strategy = "strategy",
        Castle = "castle",
    }
}

/// One condition of a pattern, from its owner's side.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Need {
    /// A piece (`mine`: the owner's) on one of the squares, or (`absent`) on none of them.
    Piece { mine: bool, role: Role, squares: Vec<Square>, absent: bool },
    /// A piece of this role in hand.
    InHand { mine: bool, role: Role },
    /// A move the owner made earlier in the game (the piece on `from` went to `to`).
    Made { from: Square, to: Square },
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Definition {
    pub kind: Kind,
    pub id: String,
    pub name: Both,
    /// The lesson that teaches what it is built of, if one does.
    pub lesson: Option<LessonId>,
    needs: Vec<Need>,
    /// The last ply at which it names the game (an opening is played early).
    by_ply: Option<usize>,
}

impl Definition {
    pub fn words(&self, lang: Lang) -> &str {
        self.name.get(lang)
    }

    /// Whether `owner` has it in `position`, reached after `made` (the game's moves so far).
    fn fits(&self, owner: Color, position: &Position, made: &[Move], ply: usize) -> bool {
        let own = |mine: bool| if mine { owner } else { !owner };
        // The file's squares are sente's; gote's are the same turned round.
        let seen = |sq: Square| if owner == Color::Sente { sq } else { sq.flipped() };
        self.by_ply.is_none_or(|by| ply <= by)
            && self.needs.iter().all(|need| match need {
                Need::Piece { mine, role, squares, absent } => {
                    let wanted = Piece::new(own(*mine), *role);
                    squares.iter().any(|&sq| position.piece_at(seen(sq)) == Some(wanted)) != *absent
                }
                Need::InHand { mine, role } => position.hand(own(*mine)).count(*role) > 0,
                Need::Made { from, to } => made
                    .iter()
                    .skip(first_move_of(owner, made.len(), position.turn()))
                    .step_by(2)
                    .any(|m| m.from() == Some(seen(*from)) && m.to() == seen(*to)),
            })
    }
}

/// Which of the game's moves (0 or 1) was the first `owner` made, `turn` being the side to
/// move after `plies` moves.
fn first_move_of(owner: Color, plies: usize, turn: Color) -> usize {
    let first_mover = if plies.is_multiple_of(2) { turn } else { !turn };
    usize::from(first_mover != owner)
}

/// Every definition of `names.txt`, in the file's order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Names {
    pub definitions: Vec<Definition>,
}

/// Reads `names.txt`: `<kind> <id> | <English> | <Japanese> | <pattern> [| <lesson>]` a line.
pub fn parse_names(text: &str) -> Result<Names, LineError> {
    let mut definitions: Vec<Definition> = Vec::new();
    for (line_number, line) in content_lines(text) {
        let fail = |why: String| LineError { file: NAMES_FILE, line: line_number, why };
        let definition = parse_definition(line).map_err(fail)?;
        if definitions.iter().any(|d| d.kind == definition.kind && d.id == definition.id) {
            return Err(fail(format!("a second `{}`", definition.id)));
        }
        definitions.push(definition);
    }
    Ok(Names { definitions })
}

fn parse_definition(line: &str) -> Result<Definition, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let ([head, en, ja, pattern] | [head, en, ja, pattern, _]) = fields.as_slice() else {
        return Err("a line is `<kind> <id> | <English> | <Japanese> | <pattern> [| <lesson>]`".into());
    };
    let (kind, id) = head.split_once(' ').ok_or("no id after the kind")?;
    let kind = Kind::from_name(kind).ok_or_else(|| format!("`{kind}` is not strategy or castle"))?;
    if en.is_empty() || ja.is_empty() {
        return Err("a name in each language".into());
    }
    let lesson = match fields.get(4) {
        Some(lesson) => Some(LessonId::parse(lesson).ok_or_else(|| format!("`{lesson}` is not a lesson"))?),
        None => None,
    };
    let mut needs = Vec::new();
    let mut by_ply = None;
    for token in pattern.split_whitespace() {
        if let Some(ply) = token.strip_prefix("by:") {
            by_ply = Some(ply.parse().map_err(|_| format!("`{token}`: no ply"))?);
        } else {
            needs.push(parse_need(token).ok_or_else(|| format!("`{token}` is not a condition"))?);
        }
    }
    if needs.is_empty() {
        return Err("an empty pattern".into());
    }
    let name = Both { en: en.to_string(), ja: ja.to_string() };
    Ok(Definition { kind, id: id.trim().to_string(), name, lesson, needs, by_ply })
}

/// `K2h/3i`, `p8e`, `!S7g`, `B*`, `@2d3d`.
fn parse_need(token: &str) -> Option<Need> {
    if let Some(squares) = token.strip_prefix('@') {
        let (from, to) = squares.split_at_checked(2)?;
        return Some(Need::Made { from: Square::from_usi(from)?, to: Square::from_usi(to)? });
    }
    let (absent, token) = match token.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let letter = token.chars().next()?;
    let (role, mine) = (Role::from_letter(letter)?, letter.is_ascii_uppercase());
    let rest = &token[1..];
    if rest == "*" && !absent {
        return Some(Need::InHand { mine, role });
    }
    let squares = rest.split('/').map(Square::from_usi).collect::<Option<Vec<_>>>()?;
    Some(Need::Piece { mine, role, squares, absent })
}

/// What the game so far is called: indices into [`Names::definitions`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct GameNames {
    pub strategy: Option<usize>,
    /// Sente's and gote's castles.
    pub castles: [Option<usize>; 2],
}

impl Names {
    /// The first definition of `kind` that `owner` has in `position` (after `made`).
    fn first_fit(&self, kind: Kind, owner: Color, position: &Position, made: &[Move]) -> Option<usize> {
        self.definitions.iter().position(|d| d.kind == kind && d.fits(owner, position, made, made.len()))
    }

    /// The names of the game from `start` through `moves`.
    pub fn name_game(&self, start: &Position, moves: &[Move]) -> GameNames {
        let mut names = GameNames::default();
        let mut position = start.clone();
        for ply in 0..=moves.len() {
            let made = &moves[..ply];
            for owner in [Color::Sente, Color::Gote] {
                let strategy = self.first_fit(Kind::Strategy, owner, &position, made);
                names.strategy = match (names.strategy, strategy) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                if let Some(castle) = self.first_fit(Kind::Castle, owner, &position, made) {
                    names.castles[owner.index()] = Some(castle);
                }
            }
            if let Some(&m) = moves.get(ply) {
                position.play_unchecked(m);
            }
        }
        names
    }

    /// The definition of `kind` that `owner` has in `position` now, with no game before it
    /// (what a lesson asks for: its position is where the learner starts).
    pub fn standing(&self, kind: Kind, owner: Color, position: &Position) -> Option<usize> {
        self.first_fit(kind, owner, position, &[])
    }

    pub fn get(&self, index: Option<usize>) -> Option<&Definition> {
        self.definitions.get(index?)
    }

    /// The definition of `kind` called `id`.
    pub fn find(&self, kind: Kind, id: &str) -> Option<usize> {
        self.definitions.iter().position(|d| d.kind == kind && d.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_read_whole_or_refused_with_its_number() {
        let names =
            parse_names("# c\nstrategy ishida | Ishida | 石田流 | R7f P7e !p7d B* @2f7f by:50 | rook\n").unwrap();
        let d = &names.definitions[0];
        assert_eq!((d.kind, d.id.as_str(), d.by_ply, d.needs.len()), (Kind::Strategy, "ishida", Some(50), 5));
        assert_eq!(d.lesson.map(LessonId::name).as_deref(), Some("rook:1"));
        for bad in [
            "castle x | X | Ｘ | Q9z",
            "castle x | X | | K5i",
            "castle x | X | Ｘ | K5i | nowhere",
            "fort x | X | Ｘ | K5i",
        ] {
            assert_eq!(parse_names(&format!("\n{bad}")).map_err(|e| e.line), Err(2), "{bad}");
        }
        assert!(parse_names("castle a | A | Ａ | K5i\ncastle a | A | Ａ | K5h").is_err(), "ids are unique");
    }
}
