//! The game's controller: it ties together the parts the views ask for through context
//! (`Play`, `Settings`, `EngineState`, `Persistence`, `Dialogs`) and does what touches more
//! than one of them: it puts a game at the table, plays a move and then saves and asks the
//! engine, and applies the engine's answer. Its parts are private: a view reads and writes
//! their signals through the part it asks for, and asks for `App` only for these actions.

use leptos::prelude::*;

use crate::engine::Score;
use crate::notation::format::ImportError;
use crate::notation::record::Record;
use crate::rules::{Color, ImpasseRule, Move, MoveList, Position, Reason};
use crate::ui::browser::engine::{self, Trouble};
use crate::ui::browser::{embed, storage};
use crate::ui::clock::Clocks;
use crate::ui::collection::Collection;
use crate::ui::computer::{Answered, EngineState, Threat};
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::lessons::{lesson_on_demand, LessonAsk, Lessons};
use crate::ui::missed_mates::MissedMates;
use crate::ui::model::analysis::for_sente;
use crate::ui::model::clock::{Controls, GameClock};
use crate::ui::model::lesson_id::LessonId;
use crate::ui::model::mode::Mode;
use crate::ui::model::movetext::Notation;
use crate::ui::model::notice::Notice;
use crate::ui::model::params::Params;
use crate::ui::model::remark::Remark;
use crate::ui::model::review::{Eval, ReviewRun};
use crate::ui::model::saved::SavedGame;
use crate::ui::model::sound::SoundSettings;
use crate::ui::model::table::{Sides, Table};
use crate::ui::model::thinking::{Purpose, Thinking};
use crate::ui::model::threat::is_threat;
use crate::ui::model::transfer;
use crate::ui::persistence::{now, stored, Persistence};
use crate::ui::play::Play;
use crate::ui::problems::{problem_on_demand, ProblemAsk, Problems};
use crate::ui::settings::Settings;
use crate::ui::text::face::PieceStyle;
use crate::ui::text::i18n::{Lang, T};

#[derive(Clone, Copy)]
pub struct App {
    /// The game at the table, browsing, selection, promotion, edit mode.
    play: Play,
    /// Style, notation, language, orientation.
    settings: Settings,
    /// The engine's budget, its search in flight and its hint.
    engine: EngineState,
    /// The saved game, the finished games' review, the notices.
    persistence: Persistence,
    dialogs: Dialogs,
    /// The mating problem at the table and the progress.
    problems: Problems,
    /// The problems' collection.
    collection: Collection,
    /// The looking through finished games for missed mates.
    missed_mates: MissedMates,
    /// The game's clocks.
    clocks: Clocks,
    /// The lesson at the table, the course and the progress.
    lessons: Lessons,
}

impl App {
    pub fn new(params: Params, mut notices: Vec<Notice>) -> App {
        let keeps_game = params.mode == Mode::Play && !params.game_given && !embed::is_embedded();
        // Storage blocked from the start: the app works, and says its games are not kept.
        if keeps_game && !storage::available() {
            notices.push(Notice::NotSaved);
        }
        let saved = if keeps_game { stored(storage::game(), &mut notices) } else { None };
        let saving = keeps_game.then(|| saved.as_ref().map_or_else(now, |g| g.id));
        let mut table = match (&saved, &params.record) {
            (Some(game), _) => game.table(),
            (None, Some(record)) => record.clone(),
            (None, None) => {
                let mut table = Table::new(params.start.clone(), Sides::default(), ImpasseRule::Declaration27);
                for &m in &params.moves {
                    // The URL parser already checked every move; a game over part-way ends the replay.
                    if table.play(m).is_err() {
                        break;
                    }
                }
                table
            }
        };
        // Sides and time named in the URL are the person's wish now, even for a saved game. A
        // game the URL gives for analysis is for a person to move both sides.
        let analysed_record = params.analysis && params.game_given;
        let read_through = analysed_record || params.record_read || params.mode == Mode::View;
        table.sides = params.sides.unwrap_or(if read_through { Sides::Both } else { table.sides });
        let sides = table.sides;
        let clock = start_clock(&mut table, saved.as_ref(), params.clock);
        let review = saved.as_ref().and_then(SavedGame::review_run);
        let stored_stamp = saved.as_ref().map(|g| g.saved);
        let think_ms =
            params.think_ms.or(saved.map(|g| g.think_ms)).unwrap_or(crate::ui::model::levels::DEFAULT_THINK_MS);
        let play = Play::new(table, params.ply, params.mode, params.start.to_setup());
        let lang = page_lang(params.lang, &mut notices);
        let style = params
            .pieces
            .or(stored(storage::piece_style(), &mut notices))
            .unwrap_or_else(|| PieceStyle::default_for(lang));
        // The notation follows a language given by the URL, else the one remembered, else the language.
        let of_lang = |lang: Lang| if lang == Lang::Ja { Notation::Japanese } else { Notation::Western };
        let notation =
            params.lang.map(of_lang).or(stored(storage::notation(), &mut notices)).unwrap_or_else(|| of_lang(lang));
        let engine = EngineState::new(think_ms, params.analysis);
        engine.review.set(review);
        // An embedded board is silent unless its page asks otherwise: the page did not ask for sound.
        let sounds = if embed::is_embedded() {
            SoundSettings::silent()
        } else {
            stored(storage::sound(), &mut notices).unwrap_or_else(SoundSettings::full_app)
        };
        let settings = Settings::new(style, notation, lang, params.flip.unwrap_or(sides == Sides::Gote), sounds);
        let progress = stored(storage::problems(), &mut notices).unwrap_or_default();
        let collection = Collection::default();
        let problems = Problems::new(collection, play, settings, engine.hint, progress);
        let missed_mates = MissedMates::new(problems);
        let lessons = Lessons::new(play, settings, stored(storage::lessons(), &mut notices).unwrap_or_default());
        let persistence = Persistence::new(saving, notices);
        persistence.know_stored(stored_stamp);
        if params.game_given && params.mode == Mode::Play && !embed::is_embedded() {
            play.table.with_untracked(|t| persistence.keep_finished_link(t, think_ms));
        }
        let clocks = Clocks::new(clock);
        App { play, settings, engine, persistence, dialogs: Dialogs::new(), problems, collection, missed_mates, clocks, lessons }
    }

    /// Hears of the game saved by another tab of the app (the `storage` event), so this page
    /// never writes its older game over a newer one.
    pub fn listen_to_other_tabs(self) {
        let _ = window_event_listener_untyped("storage", move |_| {
            if self.persistence.saving.get_untracked().is_none() {
                return;
            }
            if let Some(stored) = self.persistence.saved_game() {
                self.play.table.with_untracked(|t| self.persistence.heard_of(stored, t));
            }
        });
    }

    /// Takes the newer game another tab saved, leaving this page's.
    pub fn load_newer(&self) {
        let Some(game) = self.persistence.newer_elsewhere.get_untracked() else { return };
        self.persistence.newer_elsewhere.set(None);
        self.persistence.know_stored(Some(game.saved));
        self.put_saved(&game, Some(game.id));
        self.engine.review.set(game.review_run());
    }

    /// Keeps this page's game as an entry of the Games list, then takes the other tab's newer one.
    pub fn keep_both(&self) {
        let think_ms = self.engine.think_ms.get_untracked();
        self.play.table.with_untracked(|t| self.persistence.keep_apart(t, think_ms, self.clocks.snapshot()));
        self.load_newer();
    }

    /// The controller the page provided, for the views that start a game, play a move or use the engine.
    pub fn get() -> App {
        expect_context::<App>()
    }

    /// Provides the app and each of its parts, for the views that ask for one on its own.
    pub fn provide(self) {
        provide_context(self);
        provide_context(self.play);
        provide_context(self.settings);
        provide_context(self.engine);
        provide_context(self.persistence);
        provide_context(self.dialogs);
        provide_context(self.problems);
        provide_context(self.collection);
        provide_context(self.missed_mates);
        provide_context(self.clocks);
        provide_context(self.lessons);
    }

    /// Plays a legal move at the live end of the game; in a problem, the learner's move is
    /// judged; in a lesson, it is the lesson's.
    pub fn play(&self, m: Move) {
        match self.play.mode.get_untracked() {
            Mode::Problem => return leptos::task::spawn_local(problem_on_demand(self.problems, ProblemAsk::Move(m))),
            Mode::Lesson => return leptos::task::spawn_local(lesson_on_demand(self.lessons, LessonAsk::Move(m))),
            _ => {}
        }
        // On the clock, a move at the live end presses the mover's clock; one made after its
        // time ran out does not count, and none is made while the game is paused.
        let browsed = self.play.browse.get_untracked();
        let mut took_ms = None;
        if browsed.is_none() {
            if self.clocks.is_paused() {
                self.play.put_back();
                return self.play.message.set(Some(Remark::of(T::Paused)));
            }
            let mover = self.play.table.with_untracked(|t| t.position().turn());
            match self.clocks.moved(mover) {
                Ok(took) => took_ms = took,
                Err(loser) => return self.time_out(loser),
            }
        }
        if !self.play.play(m) {
            return;
        }
        // A move in a position looked back at: the game follows the line it plays, and the
        // clocks the side to move at that line's end. One that ends the line (a new line from
        // there) presses the mover's clock as at the live end.
        if let Some(ply) = browsed {
            if self.play.browse.get_untracked().is_none() {
                let mover = self.play.table.with_untracked(|t| t.position_at(ply).turn());
                match self.clocks.moved(mover) {
                    Ok(took) => took_ms = took,
                    Err(loser) => return self.time_out(loser),
                }
            }
            self.follow_turn();
        }
        // The record keeps the time the move took on its side's clock.
        if let Some(ms) = took_ms {
            self.play.table.update(|t| {
                t.set_move_time(t.ply(), ms);
            });
        }
        self.after_change();
    }

    /// `loser`'s time ran out: the game is over.
    pub fn time_out(&self, loser: Color) {
        self.engine.cancel_search();
        self.play.put_back();
        self.play.promotion.set(None);
        self.play.table.update(|t| t.time_out(loser));
        self.after_change();
    }

    /// Pauses the game on the clock, or lets it go on: paused, the engine does not think.
    pub fn toggle_pause(&self) {
        self.clocks.toggle_pause();
        if self.clocks.is_paused() {
            self.engine.cancel_search();
        }
        self.after_change();
    }

    /// A tap on `side`'s clock in a game of two people at one device: its turn is over, as
    /// on a clock beside a real board (the board's move presses it too).
    pub fn tap_clock(&self, side: Color) {
        let two_people = self.play.table.with_untracked(|t| t.sides == Sides::Both && t.outcome().is_none());
        if two_people
            && self.clocks.clock.with_untracked(|c| c.as_ref().and_then(GameClock::running_side)) == Some(side)
        {
            if let Err(loser) = self.clocks.moved(side) {
                return self.time_out(loser);
            }
            self.after_change();
        }
    }

    /// The board follows another line of the record (a variation, or back to the main line),
    /// shown after `ply` moves.
    pub fn follow_line(&self, path: &[usize], ply: usize) {
        self.play.follow(path, ply);
        self.follow_turn();
        self.after_change();
        // Looking through a record's lines: a line that ends the game needs no panel about it.
        self.dialogs.close_game_over();
    }

    /// The followed variation becomes the main line.
    pub fn promote_line(&self) {
        if self.play.promote_line() {
            self.after_change();
        }
    }

    /// Deletes the followed variation; the board goes back to where it began.
    pub fn remove_followed_line(&self) {
        if self.play.remove_followed_line() {
            self.after_change();
        }
    }

    /// Plays an analysis line's moves, where a person moves both sides at the game's end.
    pub fn play_line(&self, moves: &[Move]) {
        let free = self.play.browse.get_untracked().is_none()
            && self.play.table.with_untracked(|t| t.sides == Sides::Both && t.outcome().is_none());
        if free && moves.iter().take_while(|&&m| self.play.play(m)).count() > 0 {
            self.after_change();
        }
    }

    /// Plays the move a person's action completed, if it did.
    pub fn play_chosen(&self, chosen: Option<Move>) {
        match chosen {
            Some(m) => self.play(m),
            // The promotion question is asked: its panel, whose code may still be coming while
            // the page behind turns inert, gives the focus back to where it is now.
            None if self.play.promotion.with_untracked(Option::is_some) => self.dialogs.note_opener(),
            None => {}
        }
    }

    pub fn undo(&self) {
        self.play.undo();
        self.follow_turn();
        self.after_change();
    }

    pub fn redo(&self) {
        self.play.redo();
        self.follow_turn();
        self.after_change();
    }

    /// The clocks follow the side to move after a move taken back or replayed; a game over
    /// and on again (an ending taken back) is on the clock again, and one still over has its
    /// clocks stopped by `after_change`.
    fn follow_turn(&self) {
        let (turn, over) = self.play.table.with_untracked(|t| (t.position().turn(), t.outcome().is_some()));
        if !over {
            self.clocks.follow_turn(turn);
        }
    }

    pub fn resign(&self) {
        if self.play.resign() {
            self.after_change();
        }
    }

    pub fn declare_impasse(&self) {
        if self.play.declare_impasse() {
            self.after_change();
        }
    }

    /// A new game from `start`, the engine getting `think_ms` a move (its level), on the clock
    /// at `clock`'s controls if given.
    pub fn new_game(
        &self,
        start: Position,
        sides: Sides,
        impasse_rule: ImpasseRule,
        think_ms: u32,
        clock: Option<Controls>,
    ) {
        self.engine.think_ms.set(think_ms);
        let first = start.turn();
        self.start_game(Table::new(start, sides, impasse_rule));
        self.clocks.start(clock, first);
    }

    /// Puts a game at the table (new, imported, set up, or continued from a finished one) at
    /// the engine's budget now; the person chose it, so it becomes the saved game in progress
    /// (unless framed in another page).
    pub fn start_game(&self, table: Table) {
        self.put_game(table, self.engine.think_ms.get_untracked(), (!embed::is_embedded()).then(now), None);
    }

    /// Puts an imported record at the table as a game for two people (to look through or play
    /// on), under the impasse rule in force; why it cannot be is returned, and the game stays.
    pub fn import(&self, record: &Record) -> Result<(), ImportError> {
        let rule = self.play.table.with_untracked(|t| t.impasse_rule);
        let table = transfer::table_of(record, Sides::Both, rule)?;
        let moves = table.ply();
        self.start_game(table);
        self.play.message.set(Some(Remark::new(move |lang| T::Imported.with(lang, &[&moves.to_string()]))));
        Ok(())
    }

    /// Puts a saved game at the table with its clocks, kept in storage as game `saving`.
    fn put_saved(&self, game: &SavedGame, saving: Option<u64>) {
        let mut table = game.table();
        let clock = start_clock(&mut table, Some(game), None);
        self.put_game(table, game.think_ms, saving, clock);
    }

    /// Puts `table` at the table with its clocks, kept in storage as game `saving`.
    fn put_game(&self, table: Table, think_ms: u32, saving: Option<u64>, clock: Option<GameClock>) {
        // A search about the old game must not play into the new one, even at the same ply.
        self.engine.cancel_search();
        self.engine.cancel_review();
        match self.play.mode.get_untracked() {
            Mode::Problem => self.problems.close(),
            Mode::Lesson => self.lessons.close(),
            _ => {}
        }
        if matches!(self.play.mode.get_untracked(), Mode::Problem | Mode::Lesson) {
            self.play.mode.set(Mode::Play);
        }
        let sides = table.sides;
        self.engine.think_ms.set(think_ms);
        self.play.put(table);
        self.clocks.put(clock);
        self.persistence.keep_as(saving);
        self.settings.flipped.set(sides == Sides::Gote);
        self.dialogs.close();
        self.after_change();
    }

    /// Puts a finished game on the board to look through; the game in progress stays saved.
    pub fn review(&self, game: &SavedGame) {
        self.put_saved(game, None);
        self.engine.review.set(game.review_run());
        self.persistence.reviewing.set(true);
        // The review bar says what this is; no game-over panel over it.
        self.dialogs.close();
    }

    /// A new game from the reviewed game's position after `ply` moves, with the moves up to there.
    pub fn continue_from(&self, ply: usize) {
        let (start, moves, sides, rule) = self
            .play
            .table
            .with_untracked(|t| (t.start().clone(), t.moves()[..ply.min(t.ply())].to_vec(), t.sides, t.impasse_rule));
        if let Ok(table) = Table::replay(start, &moves, sides, rule, None) {
            self.start_game(table);
        }
    }

    /// Puts the collection's problem `index` at the table. The game in progress stays saved
    /// (a problem is never saved as a game), and the engine leaves the board to the solver.
    pub fn open_problem(&self, index: usize) {
        self.give_board_to_problem();
        leptos::task::spawn_local(problem_on_demand(self.problems, ProblemAsk::Collection(index)));
    }

    /// Puts a position given by the URL at the table as a problem (`mode=problem`), once the
    /// problems' code has come.
    pub async fn open_given_problem(self, start: Position) {
        self.give_board_to_problem();
        problem_on_demand(self.problems, ProblemAsk::Given(Box::new(start))).await
    }

    fn give_board_to_problem(&self) {
        self.engine.cancel_search();
        self.engine.cancel_review();
        self.engine.analysing.set(false);
        self.engine.stop_analysis();
        self.persistence.keep_as(None);
        self.dialogs.close();
    }

    /// Looks through the finished games not yet looked through for mates the person missed,
    /// in the background: the engine's broker gives everything else the worker first.
    pub fn find_missed_mates(&self) {
        self.missed_mates.look_through(self.persistence.finished_games());
    }

    /// Puts the mate missed in a game (`Progress::found[index]`) at the table as a problem.
    pub fn open_found_problem(&self, index: usize) {
        self.give_board_to_problem();
        leptos::task::spawn_local(problem_on_demand(self.problems, ProblemAsk::Found(index)));
    }

    /// Puts lesson `id` at the table; like a problem, it is never saved as a game.
    pub fn open_lesson(&self, id: LessonId) {
        self.problems.close();
        self.give_board_to_problem();
        leptos::task::spawn_local(lesson_on_demand(self.lessons, LessonAsk::Open(id)));
    }

    /// Leaves the problems for the saved game in progress (a new game if there is none).
    pub fn leave_problems(&self) {
        self.problems.close();
        self.play.mode.set(Mode::Play);
        self.back_to_game();
    }

    /// Sets up a position from the one shown, in edit mode (the header's and the new-game
    /// panel's door to it): the game stays at the table until the set-up one is played.
    pub fn edit_position(&self) {
        self.engine.cancel_search();
        if self.play.mode.get_untracked() == Mode::Problem {
            self.problems.close();
        }
        self.play.set_up(self.play.shown.with_untracked(Position::to_setup));
        self.play.selected.set(None);
        // In edit mode first, so closing the analysis asks the engine for nothing.
        self.play.mode.set(Mode::Edit);
        self.set_analysing(false);
        self.dialogs.close();
    }

    /// Leaves edit mode for the game at the table, as it was.
    pub fn leave_edit(&self) {
        self.play.mode.set(Mode::Play);
        self.play.message.set(None);
        self.after_change();
    }

    /// Leaves the review for the saved game in progress (a new game if there is none).
    pub fn back_to_game(&self) {
        match self.persistence.saved_game() {
            Some(game) => {
                self.put_saved(&game, Some(game.id));
                self.engine.review.set(game.review_run());
            }
            None => self.start_game(Table::new(Position::startpos(), Sides::default(), ImpasseRule::Declaration27)),
        }
    }

    /// After every change of the game: a search about an older position is dropped,
    /// the engine moves if it is its turn, and the game-over panel shows when it ends.
    pub fn after_change(&self) {
        self.engine.hint.set(None);
        self.engine.threat.set(None);
        // Saving and the engine wait for the next task: the board answers the click first,
        // and neither task is long enough to hold up the page.
        let app = *self;
        self.persistence.mark_unsaved();
        // The engine's clock waits while the page draws, saves and asks it (a busy page can
        // take most of a byoyomi second): it runs from when the worker takes the search.
        if self.play.table.with_untracked(Table::engines_turn) && self.engine.thinking.get_untracked().is_none() {
            self.clocks.hold();
        }
        set_timeout(move || app.save_and_ask_engine(), std::time::Duration::ZERO);
        // A record read through (view mode) says its result in the status line, no panel.
        let over =
            self.play.table.with_untracked(|t| t.outcome().is_some()) && self.play.mode.get_untracked() != Mode::View;
        if over {
            // An ending that is the side to move's act (a resignation, a declaration, the flag
            // that fell while it thought) took time of its own, which the record keeps as
            // KIF and CSA do; a checkmate or a repetition ends the game at once.
            let took = self.clocks.stop();
            let acted = self.play.table.with_untracked(|t| {
                t.outcome().is_some_and(|o| matches!(o.reason, Reason::Resignation | Reason::Impasse | Reason::Timeout))
            });
            if let Some(ms) = took.filter(|_| acted) {
                self.play.table.update(|t| {
                    t.set_move_time(t.ply() + 1, ms);
                });
            }
            self.dialogs.open(Dialog::GameOver);
        } else {
            self.dialogs.close_game_over();
        }
    }

    /// Saves the game, and starts or stops the engine as the game now stands.
    fn save_and_ask_engine(&self) {
        self.save_unsaved();
        let (ply, engines_turn) = self.play.table.with_untracked(|t| (t.ply(), t.engines_turn()));
        if self.engine.thinking.get_untracked().is_some_and(|t| t.ply != ply || t.purpose != Purpose::Play) {
            self.engine.cancel_search();
        }
        if self.engine.thinking.get_untracked().is_some() {
            return;
        }
        // While the analysis is open the engine studies the position instead of playing; in a
        // paused game it waits.
        if engines_turn
            && !self.clocks.is_paused()
            && !self.engine.analysing.get_untracked()
            && self.play.mode.get_untracked() == Mode::Play
        {
            self.request_search(Purpose::Play, self.move_time_ms());
        } else {
            // The engine is not asked (the analysis has the worker): its clock runs on.
            self.clocks.release();
        }
    }

    /// Saves a change still waiting for its task (see `Persistence::save_unsaved`).
    pub fn save_unsaved(&self) {
        let think_ms = self.engine.think_ms.get_untracked();
        self.play.table.with_untracked(|t| self.persistence.save_unsaved(t, think_ms, self.clocks.snapshot()));
    }

    /// Keeps the clocks going while the page lives; a side whose time runs out loses.
    pub fn keep_clocks_ticking(self) {
        self.clocks.keep_ticking(move |loser| self.time_out(loser));
    }

    /// Starts the engine as the page starts, so it is ready by the first request, and keeps the
    /// analysis on the position shown while the page is visible. An embedded replay or game of
    /// two people shows nothing that asks the engine: its worker starts if something asks after
    /// all, so a page of many boards holds no idle workers (each with its hash table).
    pub fn connect_engine(self) {
        let asks_nothing = self.play.mode.get_untracked() == Mode::View
            || self.play.table.with_untracked(|t| t.sides == Sides::Both);
        engine::connect(move |trouble| self.engine_trouble(trouble), !(asks_nothing && embed::is_embedded()));
        let visible = RwSignal::new(!document().hidden());
        let _ = window_event_listener_untyped("visibilitychange", move |_| visible.set(!document().hidden()));
        let (play, engine) = (self.play, self.engine);
        Effect::new(move |_| {
            let shown_ply = play.shown_ply.get();
            play.table.track();
            // A threat belongs to the position it was found in.
            if engine.threat.get_untracked().is_some_and(|t| t.ply != shown_ply) {
                engine.threat.set(None);
            }
            if engine.thinking.get_untracked().is_some_and(|t| t.purpose == Purpose::Threat && t.ply != shown_ply) {
                engine.cancel_search();
            }
            let same_game = |r: &ReviewRun| play.table.with_untracked(|t| r.is_of(t.start(), t.moves()));
            if engine.reviewing() && !engine.review.with_untracked(|r| r.as_ref().is_some_and(same_game)) {
                engine.cancel_review();
            }
            if engine.analysing.get() && visible.get() && play.mode.get() == Mode::Play {
                self.analyse_shown();
            } else {
                engine.stop_analysis();
            }
        });
    }

    /// Opens or closes the analysis board. Closed, the engine plays on if it is its turn.
    pub fn set_analysing(&self, on: bool) {
        self.engine.hint.set(None);
        if on {
            self.engine.cancel_review();
        }
        self.engine.analysing.set(on);
        if !on {
            self.engine.stop_analysis();
            self.save_and_ask_engine();
        }
    }

    /// Studies the position shown (the effect of `connect_engine` calls it as it changes).
    fn analyse_shown(&self) {
        let ply = self.play.shown_ply.get_untracked();
        self.play.table.with_untracked(|t| self.engine.start_analysis(t, ply));
    }

    /// Shows what the opponent would play if it were their move in the position shown (the
    /// threat search pre-empts the analysis, which resumes after it).
    pub fn threat(&self) {
        let busy = self.engine.thinking.get_untracked().is_some() || self.engine.reviewing();
        if self.play.mode.get_untracked() != Mode::Play || busy {
            return;
        }
        let ply = self.play.shown_ply.get_untracked();
        let time_ms = self.engine.suggestion_ms();
        self.engine.threat.set(None);
        if !self.play.table.with_untracked(|t| self.engine.request_threat(t, ply, time_ms, self.search_answered())) {
            self.play.message.set(Some(Remark::of(T::NoThreatInCheck)));
        }
    }

    /// Whether the game at the table can be reviewed: it has moves and no engine side waits
    /// to move (it is over, or people play both sides).
    pub fn can_review(&self) -> bool {
        self.play.table.with(|t| t.ply() > 0 && (t.outcome().is_some() || t.sides == Sides::Both))
            && self.play.mode.get() == Mode::Play
    }

    /// Starts the engine's review of the game at the table, each position searched for the
    /// review's budget; the analysis gives the worker up to it. Its code loads with the first
    /// review (`review_on_demand`).
    fn start_review(&self) {
        if !self.can_review() {
            return;
        }
        self.engine.analysing.set(false);
        self.engine.stop_analysis();
        self.engine.cancel_search();
        self.engine.hint.set(None);
        let budget_ms = self.engine.review_ms.get_untracked();
        let run = self.play.table.with_untracked(|t| ReviewRun::new(t.start().clone(), t.moves().to_vec(), budget_ms));
        self.engine.review.set(Some(run));
        self.review_next();
    }

    /// Asks for the review's next position, or keeps the finished review with the saved game.
    fn review_next(&self) {
        let review = self.engine.review;
        let rule = self.play.table.with_untracked(|t| t.impasse_rule);
        loop {
            let Some(run) = review.get_untracked() else { return };
            let Some(ply) = run.next_ply() else {
                self.persistence.keep_review(&run);
                return;
            };
            let mut moves = MoveList::new();
            run.position_at(ply).generate_legal(&mut moves);
            if moves.is_empty() {
                // Mated (or no move at all): no search is needed to say it.
                review.update(|r| {
                    r.iter_mut().for_each(|r| r.review.evals.push(Eval { score: Score::Mate(0), pv: vec![] }))
                });
                continue;
            }
            let app = *self;
            self.engine.request_review_search(&run, ply, rule, move || app.review_next());
            return;
        }
    }

    /// Tells the person what went wrong with the engine (each part has already dropped the
    /// request it lost).
    fn engine_trouble(self, trouble: Trouble) {
        let remark = match trouble {
            Trouble::Refused(reason) => Remark::new(move |lang| T::EngineCannotSearch.with(lang, &[&reason])),
            Trouble::Unreadable(reason) => Remark::new(move |lang| T::EngineUnreadable.with(lang, &[&reason])),
            Trouble::CannotStart => Remark::of(T::EngineCannotStart),
            Trouble::Failed => Remark::of(T::EngineStopped),
            Trouble::NoLearnedEval(reason) => Remark::new(move |lang| T::EngineBuiltInEval.with(lang, &[&reason])),
        };
        self.play.message.set(Some(remark));
    }

    /// Uses a search's answer: plays the engine's move, or shows the hint or the threat.
    fn finish_search(self, thinking: Thinking, best: Option<Move>, declare_win: bool, score: Option<Score>) {
        self.engine.thinking.set(None);
        if thinking.purpose == Purpose::Threat {
            if self.play.shown_ply.get_untracked() == thinking.ply {
                let (ply, side) = (thinking.ply, thinking.side);
                // The analysis of this position, if open, tells how much the move would gain.
                let before = self.engine.analysis.with_untracked(|a| {
                    a.as_ref().filter(|a| a.ply == ply).and_then(|a| a.sente_score()).map(|s| for_sente(s, side))
                });
                let passed = self.play.table.with_untracked(|t| t.position_at(ply).null_move());
                let threat = best.zip(score).zip(passed).map(|((mv, score), passed)| {
                    let mv = is_threat(&passed, mv, score, before).then_some(mv);
                    Threat { ply, side, mv, score }
                });
                self.engine.threat.set(threat);
            }
            return;
        }
        let current = self.play.table.with_untracked(|t| (t.ply(), t.position().clone()));
        if current.0 != thinking.ply {
            return;
        }
        let best = best.filter(|&m| current.1.is_legal(m));
        match thinking.purpose {
            Purpose::Hint => self.engine.hint.set(best),
            Purpose::Threat => unreachable!("a threat is handled above"),
            // The engine declares under the table's impasse rule; the table checks again before it ends the game.
            Purpose::Play if declare_win && self.play.table.with_untracked(|t| t.can_declare_impasse()) => {
                self.declare_impasse()
            }
            Purpose::Play => match best {
                Some(m) => self.play(m),
                // The engine has no move to play (no legal move): it resigns.
                None => {
                    let turn = self.play.table.with_untracked(|t| t.position().turn());
                    self.play.table.update(|t| t.resign(turn));
                    self.after_change();
                }
            },
        }
    }

    /// Asks for a search of the game's current position; its answer comes to `finish_search`.
    fn request_search(&self, purpose: Purpose, time_ms: u32) {
        let clocks = (purpose == Purpose::Play).then_some(self.clocks);
        self.play.table.with_untracked(|t| self.engine.request_search(t, purpose, time_ms, clocks, self.search_answered()));
    }

    /// The time the engine's move gets: its time per move, or on the clock what its clock gives.
    fn move_time_ms(&self) -> u32 {
        let on_clock = self.play.table.with_untracked(|t| {
            let pos = t.position();
            self.clocks.engine_budget_ms(pos.turn(), t.ply(), pos.legal_moves().len())
        });
        on_clock.unwrap_or_else(|| self.engine.think_ms.get_untracked())
    }

    /// Where a search's answer goes.
    fn search_answered(self) -> impl Answered {
        move |thinking, best, declare_win, score| self.finish_search(thinking, best, declare_win, score)
    }

    pub fn hint(&self) {
        let free = self.engine.thinking.get_untracked().is_none()
            && !self.engine.analysing.get_untracked()
            && !self.engine.reviewing();
        // A hint is for the live position, not one looked back at.
        if self.play.can_move() && self.play.browse.get_untracked().is_none() && free {
            self.engine.hint.set(None);
            self.request_search(Purpose::Hint, self.engine.suggestion_ms());
        }
    }

    /// Stops the search now: the best move found so far is used.
    pub fn stop_engine(&self) {
        let Some(thinking) = self.engine.thinking.get_untracked() else { return };
        self.engine.cancel_search();
        match thinking.pv.first().copied() {
            Some(best) => {
                let score = thinking.score;
                self.finish_search(thinking, Some(best), false, score)
            }
            // Stopped before the first iteration ended: a very short search still finds a legal move.
            None if thinking.purpose == Purpose::Play => self.request_search(Purpose::Play, 1),
            None => {}
        }
    }
}

/// The clocks of the game at the table as the page opens: the saved game's, carried on to now
/// (a side whose time ran out meanwhile loses), or a new clock at the URL's controls when
/// the saved game has none at those (a reload of the same link keeps the clocks going).
fn start_clock(table: &mut Table, saved: Option<&SavedGame>, controls: Option<Controls>) -> Option<GameClock> {
    let carried = saved.and_then(Clocks::of_saved).map(|(clock, _)| clock);
    let clock = match (carried, controls) {
        (Some(clock), None) => clock,
        (Some(clock), Some(controls)) if clock.controls == controls => clock,
        (_, Some(controls)) => GameClock::new(controls, table.position().turn(), crate::ui::clock::performance_now()),
        (None, None) => return None,
    };
    if let Some(loser) = clock.flagged() {
        table.time_out(loser);
    }
    Some(clock)
}

/// The page's language: the URL's, else the one remembered, else the browser's.
pub fn page_lang(from_url: Option<Lang>, notices: &mut Vec<Notice>) -> Lang {
    let browser_lang = browser_language().map(|l| Lang::from_browser(&l));
    from_url.or(stored(storage::lang(), notices)).or(browser_lang).unwrap_or_default()
}

/// `navigator.language` (read through JS: the one call does not warrant another web-sys feature).
fn browser_language() -> Option<String> {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    js_sys::Reflect::get(&navigator, &"language".into()).ok()?.as_string()
}

/// Starts the review of the game at the table (`App::start_review`): its loop of requests is
/// not in the page's first download (issue 28), and comes with the first review. It runs
/// untracked, as the click it answers would.
#[lazy]
pub fn review_on_demand(app: App) {
    untrack(|| app.start_review())
}
