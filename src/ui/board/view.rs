//! The board: a 9×9 SVG grid with star points and coordinates, one `<g data-square>`
//! per square holding its highlights and its piece (SPEC §3).

use std::fmt::Write;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::Score;
use crate::notation::kanji::RANK_NUMERALS;
use crate::rules::{Bitboard, Color, Move, MoveKind, Piece, Square};

use crate::ui::board::drag::Drag;
use crate::ui::board::focus;
use crate::ui::board::piece::piece_markup;
use crate::ui::board::slide;
use crate::ui::computer::EngineState;
use crate::ui::model::analysis::{ahead, bar_number, sente_share, verdict};
use crate::ui::model::keys::{self, Arrow};
use crate::ui::model::mode::Mode;
use crate::ui::model::reach::{self, Origin};
use crate::ui::model::slide::Shown;
use crate::ui::on_demand::on_first_use;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::face::PieceStyle;
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::markup::{escape, short_number, Decimal};
use crate::ui::text::speech;

use super::geometry::{cell, LEFT, PIECE_X, PIECE_Y, RIGHT, SQUARE_H, SQUARE_W, TOP, VIEW_H, VIEW_W};

/// The squares to mark, computed once for the whole board (not once per square).
#[derive(Clone, Copy)]
struct Marks {
    last: Memo<Bitboard>,
    check: Memo<Option<Square>>,
    preview: Memo<Bitboard>,
    /// The board square whose piece is picked up (a piece picked up from a hand marks no square).
    selected: Memo<Option<Square>>,
}

impl Marks {
    fn new(play: Play) -> Marks {
        let playing = move || play.mode.get() != Mode::Edit;
        let last = Memo::new(move |_| {
            let ply = play.shown_ply.get();
            let m = (playing() && ply > 0).then(|| play.table.with(|t| t.moves().get(ply - 1).copied())).flatten();
            m.map_or(Bitboard::EMPTY, |m| m.from().map_or(Bitboard::EMPTY, Bitboard::from_square).with(m.to()))
        });
        let check = Memo::new(move |_| {
            play.shown.with(|p| p.is_check().then(|| p.king_square(p.turn())).flatten()).filter(|_| playing())
        });
        let preview = Memo::new(move |_| match play.preview.get() {
            Some(from) if playing() => play.shown.with(|p| reach::preview(p, from)),
            _ => Bitboard::EMPTY,
        });
        let selected = Memo::new(move |_| match play.selected.get() {
            Some(Origin::Board(sq)) => Some(sq),
            _ => None,
        });
        Marks { last, check, preview, selected }
    }
}

/// What one square shows besides its piece.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct SquareMarks {
    selected: bool,
    dest: bool,
    last: bool,
    check: bool,
    preview: bool,
    /// A lesson's target.
    target: bool,
    /// The square holds the board's place in the tab order.
    cursor: bool,
}

impl SquareMarks {
    /// Every square's marks, worked out once per change; `draw_squares` compares them with
    /// what it drew last and touches only the squares whose marks changed.
    fn board(play: Play, marks: Marks, cursor: RwSignal<Square>) -> Memo<[SquareMarks; 81]> {
        Memo::new(move |_| {
            let mut all = [SquareMarks::default(); 81];
            let (dests, targets) = (play.dests.get(), play.targets.get());
            let (last, preview) = (marks.last.get(), marks.preview.get());
            let (selected, check, cursor) = (marks.selected.get(), marks.check.get(), cursor.get());
            for sq in Square::all() {
                all[sq.index()] = SquareMarks {
                    selected: selected == Some(sq),
                    dest: dests.contains(sq),
                    last: last.contains(sq),
                    check: check == Some(sq),
                    preview: preview.contains(sq),
                    target: targets.contains(sq),
                    cursor: cursor == sq,
                };
            }
            all
        })
    }
}

/// The square an event happened on: the `data-square` element holding its target.
fn event_square(ev: &web_sys::Event) -> Option<Square> {
    let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    Square::from_usi(&target.closest("[data-square]").ok()??.get_attribute("data-square")?)
}

/// Where a key press on the board leads: arrows move the focus (past the left or right
/// edge into the hand drawn on that side), Enter and Space `act` as a click.
fn square_keydown(
    flipped: bool,
    cursor: RwSignal<Square>,
    sq: Square,
    ev: leptos::ev::KeyboardEvent,
    act: impl FnOnce(),
) {
    let key = ev.key();
    if key == "Enter" || key == " " {
        ev.prevent_default();
        act();
        return;
    }
    let Some(arrow) = Arrow::from_key(&key) else { return };
    ev.prevent_default();
    match keys::step(sq, arrow, flipped) {
        Some(to) => {
            cursor.set(to);
            focus::focus_square(to);
        }
        None => {
            let slot = match arrow {
                Arrow::Left => "top",
                Arrow::Right => "bottom",
                _ => return,
            };
            focus::focus_first(&format!(".hand-slot.{slot} [data-hand-piece]"));
        }
    }
}

/// A square's name for screen readers, with its marks in words.
fn square_label(lang: Lang, style: PieceStyle, sq: Square, piece: Option<Piece>, marks: SquareMarks) -> String {
    let mut label = speech::cell_label(lang, sq, piece, style);
    let states = [
        (marks.selected, T::Selected),
        (marks.dest, T::LegalMove),
        (marks.last, T::LastMove),
        (marks.check, T::InCheck),
        (marks.target, T::TargetSquare),
    ];
    for (_, state) in states.into_iter().filter(|(on, _)| *on) {
        label.push_str(state.get(lang));
    }
    label
}

/// Where a square's shapes go: its top left corner.
fn square_origin(sq: Square) -> String {
    let (col, row) = cell(sq);
    format!("translate({},{})", short_number(col * SQUARE_W), short_number(row * SQUARE_H))
}

/// What one square shows: the piece standing there, its marks, and its name for screen readers.
#[derive(Clone, PartialEq)]
struct SquareShown {
    piece: Option<Piece>,
    marks: SquareMarks,
    label: String,
}

impl SquareShown {
    /// The marks as the square's attributes (SPEC §3): each present or absent.
    fn flags(&self) -> [(&'static str, bool); 6] {
        let m = self.marks;
        [
            ("data-selected", m.selected),
            ("data-dest", m.dest),
            ("data-last", m.last),
            ("data-check", m.check),
            ("data-preview", m.preview),
            ("data-target", m.target),
        ]
    }

    fn tabindex(&self) -> &'static str {
        if self.marks.cursor {
            "0"
        } else {
            "-1"
        }
    }

    fn aria_selected(&self) -> &'static str {
        if self.marks.selected {
            "true"
        } else {
            "false"
        }
    }
}

/// The piece standing in a square, placed in its middle. Gote's pieces are turned round;
/// flipping turns the whole board.
fn placed_piece(piece: Piece, style: PieceStyle) -> String {
    format!(
        r#"<g data-piece="{}" transform="translate({},{})">{}</g>"#,
        piece.sfen(),
        short_number(PIECE_X),
        short_number(PIECE_Y),
        piece_markup(piece, style, piece.color == Color::Gote)
    )
}

/// The 81 squares in reading order, one ARIA row per rank: each square's outline, its piece,
/// and its marks as attributes.
fn squares_markup(shown: &[SquareShown], style: PieceStyle) -> String {
    let mut out = String::with_capacity(81 * 600);
    for (_, row) in Square::reading_order() {
        out.push_str(r#"<g role="row">"#);
        for sq in row {
            let square = &shown[sq.index()];
            let _ = write!(
                out,
                r#"<g data-square="{sq}" role="gridcell" tabindex="{}" aria-label="{}" aria-selected="{}" transform="{}""#,
                square.tabindex(),
                escape(&square.label),
                square.aria_selected(),
                square_origin(sq)
            );
            for (name, _) in square.flags().into_iter().filter(|(_, on)| *on) {
                let _ = write!(out, r#" {name}="""#);
            }
            let _ = write!(out, r#"><rect class="cell" width="{}" height="{}"/>"#, short_number(SQUARE_W), short_number(SQUARE_H));
            if let Some(piece) = square.piece {
                out.push_str(&placed_piece(piece, style));
            }
            out.push_str("</g>");
        }
        out.push_str("</g>");
    }
    out
}

/// The squares as last drawn, so that a change redraws only what differs.
struct DrawnSquares {
    /// The squares' elements, by `Square::index`.
    elements: Vec<web_sys::Element>,
    shown: Vec<SquareShown>,
    style: PieceStyle,
    lang: Lang,
}

/// Brings one square's element from showing `before` to showing `now`; `restyled` when the
/// pieces' style changed, which redraws its piece.
fn redraw_square(element: &web_sys::Element, before: &SquareShown, now: &SquareShown, style: PieceStyle, restyled: bool) {
    for ((name, was), (_, is)) in before.flags().into_iter().zip(now.flags()) {
        if was != is {
            let _ = if is { element.set_attribute(name, "") } else { element.remove_attribute(name) };
        }
    }
    if before.marks.cursor != now.marks.cursor {
        let _ = element.set_attribute("tabindex", now.tabindex());
    }
    if before.marks.selected != now.marks.selected {
        let _ = element.set_attribute("aria-selected", now.aria_selected());
    }
    if before.label != now.label {
        let _ = element.set_attribute("aria-label", &now.label);
    }
    if before.piece != now.piece || restyled {
        if let Ok(Some(old)) = element.query_selector(":scope > [data-piece]") {
            old.remove();
        }
        if let Some(piece) = now.piece {
            let _ = element.insert_adjacent_html("beforeend", &placed_piece(piece, style));
        }
    }
}

/// An element's child elements, in order.
fn children(parent: &web_sys::Element) -> impl Iterator<Item = web_sys::Element> {
    std::iter::successors(parent.first_element_child(), web_sys::Element::next_element_sibling)
}

/// Draws the 81 squares and keeps them drawn, in one effect rather than a view per square:
/// the first drawing is one piece of markup, and each change touches only the squares whose
/// piece, marks or name changed. Built as 81 views, the squares made most of the page's
/// longest start-up task, much of it the browser compiling their many small generic
/// functions on first use. The pieces' slides start once the squares show the new position.
fn draw_squares(play: Play, settings: Settings, all: Memo<[SquareMarks; 81]>, group: NodeRef<leptos::svg::G>) {
    Effect::new(move |before: Option<Option<(DrawnSquares, Shown)>>| {
        let (style, lang) = (settings.style.get(), settings.lang.get());
        let marks = all.get();
        let before = before.flatten();
        // A square's name changes with its piece, its marks, the language or the pieces'
        // style: the others keep theirs (a hover changes a square or two of 81).
        let named = before.as_ref().filter(|(drawn, _)| drawn.style == style && drawn.lang == lang);
        let shown: Vec<SquareShown> = Square::all()
            .map(|sq| {
                let (piece, marks) = (play.board_piece(sq), marks[sq.index()]);
                let label = match named.map(|(drawn, _)| &drawn.shown[sq.index()]) {
                    Some(was) if was.piece == piece && was.marks == marks => was.label.clone(),
                    _ => square_label(lang, style, sq, piece, marks),
                };
                SquareShown { piece, marks, label }
            })
            .collect();
        let now = slide::shown(play);
        let group = group.get_untracked()?;
        let drawn = match before {
            Some((drawn, was)) => {
                let restyled = drawn.style != style;
                for (i, element) in drawn.elements.iter().enumerate() {
                    if drawn.shown[i] != shown[i] || restyled {
                        redraw_square(element, &drawn.shown[i], &shown[i], style, restyled);
                    }
                }
                slide::slide_between(play, was, now);
                DrawnSquares { elements: drawn.elements, shown, style, lang }
            }
            None => {
                group.set_inner_html(&squares_markup(&shown, style));
                // The markup holds the squares in reading order, a row element per rank.
                let mut elements: Vec<Option<web_sys::Element>> = vec![None; Square::COUNT];
                let mut order = Square::reading_order().flat_map(|(_, row)| row);
                for element in children(&group).flat_map(|row| children(&row)) {
                    elements[order.next()?.index()] = Some(element);
                }
                DrawnSquares { elements: elements.into_iter().collect::<Option<_>>()?, shown, style, lang }
            }
        };
        Some((drawn, now))
    });
}

/// A mark's shape in its square: a rectangle (x, y, width, height, corner radius); a circle
/// is a square with round corners, so every mark is the same kind of element.
type Shape = (f64, f64, f64, f64, f64);
const TINT: Shape = (0.0, 0.0, SQUARE_W, SQUARE_H, 0.0);
const FRAME: Shape = (7.0, 7.0, SQUARE_W - 14.0, SQUARE_H - 14.0, 4.0);

fn circle(r: f64) -> Shape {
    (SQUARE_W / 2.0 - r, SQUARE_H / 2.0 - r, 2.0 * r, 2.0 * r, r)
}

/// The shapes of the marks, drawn under the pieces for the few squares marked now, so the
/// 81 squares carry no hidden shapes. Marks never rest on colour alone: the last move, the
/// picked-up piece and a checked king get a frame each, destinations a dot (a ring round a
/// piece that would be captured), previewed moves a dashed ring.
fn marks_layer(play: Play, marks: Marks) -> impl IntoView {
    let shapes = move || {
        let one = |sq: Option<Square>| sq.map_or(Bitboard::EMPTY, Bitboard::from_square);
        let (last, selected, check) = (marks.last.get(), one(marks.selected.get()), one(marks.check.get()));
        let dests = play.dests.get();
        // A destination's own mark says more than the preview's.
        let previews = marks.preview.get() & !dests;
        let occupied = play.shown.with(|p| p.occupied());
        let centred =
            |sq: Square, dot: f64| if occupied.contains(sq) { ("ring", circle(46.0)) } else { ("dot", circle(dot)) };
        let mut shapes = Vec::new();
        let mut add = |class: &str, squares: Bitboard, shape: &dyn Fn(Square) -> (&'static str, Shape)| {
            for sq in squares {
                let (kind, shape) = shape(sq);
                shapes.push((format!("{class} {kind}"), sq, shape));
            }
        };
        // Tints first, then frames, the picked-up piece's on top (its square may also be the
        // last move's or the checked king's).
        for (class, squares) in [("last", last), ("selected", selected), ("check", check)] {
            add(class, squares, &|_| ("tint", TINT));
        }
        for (class, squares) in [("last", last), ("check", check), ("selected", selected)] {
            add(class, squares, &|_| ("frame", FRAME));
        }
        add("target-mark", play.targets.get(), &|_| ("star", circle(24.0)));
        add("dest-mark", dests, &|sq| centred(sq, 15.0));
        add("preview-mark", previews, &|sq| centred(sq, 11.0));
        shapes
            .into_iter()
            .map(|(class, sq, (x, y, width, height, rx))| {
                view! { <rect class=class data-at=sq.to_string() transform=square_origin(sq) x=short_number(x) y=short_number(y) width=short_number(width) height=short_number(height) rx=short_number(rx) /> }
            })
            .collect_view()
    };
    view! { <g class="marks" aria-hidden="true">{shapes}</g> }
}

/// The keyboard focus: a thick ring over everything in the focused square (shown by CSS
/// while a square has the keyboard focus).
fn focus_ring(cursor: RwSignal<Square>) -> impl IntoView {
    view! {
        <rect class="focus-ring" aria-hidden="true" transform=move || square_origin(cursor.get())
            x="3" y="3" width=short_number(SQUARE_W - 6.0) height=short_number(SQUARE_H - 6.0) rx="6" />
    }
}

/// File numbers along the top and rank names down the right, as printed on real boards.
fn coordinates(settings: Settings, kanji_ranks: Signal<bool>) -> impl IntoView {
    let files = (0..9u8).map(move |col| {
        let label = move || if settings.flipped.get() { col + 1 } else { 9 - col }.to_string();
        view! {
            <text class="coord" x=short_number((col as f64 + 0.5) * SQUARE_W) y="-16">
                {label}
            </text>
        }
    });
    let ranks = (0..9u8).map(move |row| {
        let label = move || {
            let rank = if settings.flipped.get() { 8 - row } else { row };
            if kanji_ranks.get() {
                RANK_NUMERALS[rank as usize].to_string()
            } else {
                ((b'a' + rank) as char).to_string()
            }
        };
        view! {
            <text class="coord" x=short_number(9.0 * SQUARE_W + RIGHT / 2.0) y=short_number((row as f64 + 0.5) * SQUARE_H)>
                {label}
            </text>
        }
    });
    view! {
        <g class="coords" aria-hidden="true">
            {files.collect_view()}
            {ranks.collect_view()}
        </g>
    }
}

/// What an arrow on the board shows: its name is its class and its data attribute's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ArrowKind {
    /// The engine's suggestion for the person (`data-hint`).
    Hint,
    /// The analysis's best move (`data-best`).
    Best,
    /// The opponent's threat (`data-threat`).
    Threat,
    /// The review's better move than the one that led to the position shown (`data-better-move`).
    Better,
}

impl ArrowKind {
    const ALL: [ArrowKind; 4] = [ArrowKind::Hint, ArrowKind::Best, ArrowKind::Threat, ArrowKind::Better];

    fn name(self) -> &'static str {
        match self {
            ArrowKind::Hint => "hint",
            ArrowKind::Best => "best",
            ArrowKind::Threat => "threat",
            ArrowKind::Better => "better",
        }
    }

    fn attribute(self) -> &'static str {
        match self {
            ArrowKind::Hint => "data-hint",
            ArrowKind::Best => "data-best",
            ArrowKind::Threat => "data-threat",
            ArrowKind::Better => "data-better-move",
        }
    }
}

/// An arrow for move `m` (a ring on the square for a drop), carrying the move in its attribute
/// (`data-hint="7g7f"`).
fn move_arrow(m: Move, kind: ArrowKind) -> AnyView {
    let centre = |sq: Square| {
        let (col, row) = cell(sq);
        ((col + 0.5) * SQUARE_W, (row + 0.5) * SQUARE_H)
    };
    let (x2, y2) = centre(m.to());
    let class = format!("arrow {}", kind.name());
    match m.kind() {
        MoveKind::Normal { from, .. } => {
            let (x1, y1) = centre(from);
            let head = format!("url(#{}-head)", kind.name());
            view! { <line class=class x1=short_number(x1) y1=short_number(y1) x2=short_number(x2) y2=short_number(y2) marker-end=head /> }
                .attr(kind.attribute(), m.to_string())
                .into_any()
        }
        MoveKind::Drop { .. } => {
            view! { <circle class=class cx=short_number(x2) cy=short_number(y2) r="40" /> }.attr(kind.attribute(), m.to_string()).into_any()
        }
    }
}

/// The engine's arrows: its suggestion for the person, the analysis's best move, the threat,
/// each in the position it was found in, and the review's better move than a judged one.
fn arrows() -> impl IntoView {
    let (play, engine) = (Play::get(), EngineState::get());
    let reports = engine.move_reports(play.table);
    let better = move || {
        let index = play.shown_ply.get().checked_sub(1)?;
        let better = reports.with(|r| r.get(index).filter(|r| r.judgement.is_some()).and_then(|r| r.better));
        better.map(|m| move_arrow(m, ArrowKind::Better))
    };
    let hint = move || engine.hint.get().map(|m| move_arrow(m, ArrowKind::Hint));
    let best = move || {
        let shown = play.shown_ply.get();
        engine
            .analysis
            .with(|a| a.as_ref().filter(|a| a.ply == shown).and_then(|a| a.best()))
            .map(|m| move_arrow(m, ArrowKind::Best))
    };
    let threat = move || {
        let shown = play.shown_ply.get();
        engine.threat.get().filter(|t| t.ply == shown).and_then(|t| t.mv).map(|mv| move_arrow(mv, ArrowKind::Threat))
    };
    view! { {better} {best} {threat} {hint} }
}

/// The evaluation bar on the board's left edge while the analysis runs, from the first analysis
/// (`ui/on_demand.rs`).
fn eval_bar(settings: Settings) -> impl IntoView {
    let engine = EngineState::get();
    on_first_use(move || engine.analysis.with(Option::is_some), move || eval_bar_on_demand(settings))
}

/// Sente's winning chance fills the bar from sente's side, and the side ahead's end carries its
/// number. SPEC §3 `data-eval`.
#[lazy]
fn eval_bar_on_demand(settings: Settings) -> AnyView {
    let (play, engine) = (Play::get(), EngineState::get());
    (move || {
        let shown = play.shown_ply.get();
        let analysis = engine.analysis.get().filter(|a| a.ply == shown)?;
        let score = analysis.sente_score();
        let share = score.map_or(0.5, sente_share);
        let (cp, mate) = match score {
            Some(Score::Cp(cp)) => (Some(cp.to_string()), None),
            Some(Score::Mate(plies)) => (None, Some(plies.to_string())),
            None => (None, None),
        };
        let height = 9.0 * SQUARE_H;
        let sente_h = share * height;
        let flipped = settings.flipped.get();
        // Sente's part is at sente's side of the board: the bottom, unless flipped.
        let sente_y = if flipped { 0.0 } else { height - sente_h };
        let words = score.map(|s| verdict(settings.lang.get(), s));
        // The number reads along the bar from the side ahead's end, on that side's colour.
        let number = score.map(|s| {
            let leader = ahead(s).0;
            let at_bottom = (leader == Color::Sente) != flipped;
            let (y, anchor) = if at_bottom { (height - 6.0, "start") } else { (6.0, "end") };
            let (x, y) = (short_number(-LEFT / 2.0), short_number(y));
            view! {
                <text
                    class=format!("eval-number on-{}", leader.fold("sente", "gote"))
                    x=x.clone()
                    y=y.clone()
                    text-anchor=anchor
                    transform=format!("rotate(-90 {x} {y})")
                    aria-hidden="true"
                >
                    {bar_number(s)}
                </text>
            }
        });
        Some(view! {
            <g
                class="eval-bar"
                data-eval=""
                data-score-cp=cp
                data-score-mate=mate
                data-depth=analysis.depth.to_string()
                role="meter"
                aria-label=settings.t(T::Evaluation)
                aria-valuemin="0"
                aria-valuemax="100"
                aria-valuenow=Decimal::new(share * 100.0, 0).to_string()
                aria-valuetext=words
            >
                <rect class="eval-gote" x=short_number(-LEFT + EVAL_INSET) y="0" width=short_number(LEFT - 2.0 * EVAL_INSET) height=short_number(height) />
                <rect class="eval-sente" x=short_number(-LEFT + EVAL_INSET) y=short_number(sente_y) width=short_number(LEFT - 2.0 * EVAL_INSET) height=short_number(sente_h) />
                {number}
            </g>
        })
    })
    .into_any()
}

/// The margin between the evaluation bar and the board's edges, in the SVG's units.
const EVAL_INSET: f64 = 3.0;

pub fn board(drag: Drag, kanji_ranks: Signal<bool>) -> impl IntoView {
    // A click may end in a move, which the controller plays (then saves and asks the engine).
    let (app, play, settings) = (App::get(), Play::get(), Settings::get());
    // A click, Enter or Space on a square.
    let act = move |sq: Square| app.play_chosen(play.square_clicked(sq));
    let marks = Marks::new(play);
    // The square that holds the board's one place in the tab order (a roving tabindex).
    let cursor = RwSignal::new(Square::new(5, 6).expect("5g is on the board"));
    let all = SquareMarks::board(play, marks, cursor);
    // An ARIA grid: one row per rank, a to i, files 9 to 1 as sente reads them.
    let squares = NodeRef::new();
    draw_squares(play, settings, all, squares);
    // The grid listens for its 81 squares: one listener of each kind instead of 81.
    let click = move |ev: leptos::ev::MouseEvent| {
        if let Some(sq) = event_square(&ev) {
            if !drag.take_suppressed_click() {
                act(sq);
            }
        }
    };
    let pointer_down = move |ev: leptos::ev::PointerEvent| {
        let Some(sq) = event_square(&ev) else { return };
        if let Some(p) = untrack(|| play.board_piece(sq)) {
            drag.pressed(&play, &ev, Origin::Board(sq), p, Some(sq));
        }
    };
    // A mouse over a piece previews its moves; over an empty square, nothing.
    let hover = move |ev: leptos::ev::PointerEvent| {
        if ev.pointer_type() != "mouse" || drag.ghost.get_untracked().is_some() {
            return;
        }
        let previewed = event_square(&ev).filter(|&sq| untrack(|| play.board_piece(sq)).is_some());
        if play.preview.get_untracked() != previewed {
            play.preview.set(previewed);
        }
    };
    let leave = move |ev: leptos::ev::PointerEvent| {
        if ev.pointer_type() == "mouse" && play.preview.get_untracked().is_some() {
            play.preview.set(None);
        }
    };
    let focus_in = move |ev: leptos::ev::FocusEvent| {
        if let Some(sq) = event_square(&ev) {
            cursor.set(sq);
        }
    };
    let key_down = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(sq) = event_square(&ev) {
            square_keydown(settings.flipped.get_untracked(), cursor, sq, ev, || act(sq));
        }
    };
    // Flipping turns the grid, its pieces and marks half a turn about the centre, as walking
    // round a real board would; only the coordinates stay upright.
    let turn = move || {
        if settings.flipped.get() {
            format!("rotate(180 {} {})", short_number(4.5 * SQUARE_W), short_number(4.5 * SQUARE_H))
        } else {
            String::new()
        }
    };
    let stars = [(3.0, 3.0), (6.0, 3.0), (3.0, 6.0), (6.0, 6.0)].map(|(c, r)| {
        view! { <circle class="star" cx=short_number(c * SQUARE_W) cy=short_number(r * SQUARE_H) r="7" /> }
    });
    view! {
        <svg class="board" viewBox=format!("{} {} {} {}", short_number(-LEFT), short_number(-TOP), short_number(VIEW_W), short_number(VIEW_H)) on:wheel=move |ev| play.wheel(&ev)>
            <defs>
                {ArrowKind::ALL.map(|kind| kind.name()).map(|kind| view! {
                    <marker id=format!("{kind}-head") viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class=format!("{kind}-head") />
                    </marker>
                })}
            </defs>
            <rect class="board-wood" x=short_number(-LEFT) y=short_number(-TOP) width=short_number(VIEW_W) height=short_number(VIEW_H) rx="10" />
            {coordinates(settings, kanji_ranks)}
            {eval_bar(settings)}
            <g class="grid" transform=turn>
                <g class="stars">{stars.into_iter().collect_view()}</g>
                {marks_layer(play, marks)}
                <g
                    class="squares"
                    role="grid"
                    aria-label=settings.text(T::Board)
                    on:click=click
                    on:pointerdown=pointer_down
                    on:pointerover=hover
                    on:pointerleave=leave
                    on:focusin=focus_in
                    on:keydown=key_down
                    node_ref=squares
                ></g>
                <rect class="grid-edge" width=short_number(9.0 * SQUARE_W) height=short_number(9.0 * SQUARE_H) />
                {focus_ring(cursor)}
                {arrows()}
            </g>
        </svg>
    }
}
