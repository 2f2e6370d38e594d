//! The player's view, rendered into ratatui's `TestBackend`: the board at every
//! layout (insta snapshots), text that fits, the themes, and the settings file.

use pencilmark::app::action::Action;
use pencilmark::app::config::{Config, ThemeName, choose_theme};
use pencilmark::app::keymap::{BINDINGS, Key, help_rows, keymap};
use pencilmark::app::state::{Overlay, State};
use pencilmark::app::ui::{self, BoardSize, Layout};
use pencilmark::app::update::update;
use pencilmark::engine::Cell;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

mod common;

use common::player::{cell, event, givens, new_state, press, select, solution};

#[test]
fn a_click_selects_the_cell_under_it() {
    // 120x45: the large board, centred 3 lines down; r1c1's inside starts at (3, 5).
    let large = Rect::new(0, 0, 120, 45);
    assert_eq!(ui::cell_at(large, 4, 6), Some(cell("r1c1")));
    assert_eq!(ui::cell_at(large, 72, 37), Some(cell("r9c9")));
    assert_eq!(
        ui::cell_at(large, 2, 6),
        None,
        "the label gutter is not a cell"
    );
    assert_eq!(ui::cell_at(large, 110, 10), None, "the panel is not a cell");
    // 80x24: 5x2 cells a blank column apart.
    let medium = Rect::new(0, 0, 80, 24);
    assert_eq!(ui::cell_at(medium, 10, 4), Some(cell("r2c2")));
    assert_eq!(ui::cell_at(medium, 8, 4), None, "the gap between cells");
    assert_eq!(ui::cell_at(Rect::new(0, 0, 20, 5), 1, 1), None);
}

/// The screen as text, with the timer masked.
fn screen(state: &State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::render(state, frame)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut lines = Vec::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buffer[(x, y)].symbol());
        }
        lines.push(mask_timer(line.trim_end()));
    }
    lines.join("\n")
}

fn mask_timer(line: &str) -> String {
    match line.find("Time    ") {
        Some(at) => {
            let start = at + "Time    ".len();
            let end = line[start..].find(' ').map_or(line.len(), |i| start + i);
            format!("{}--:--{}", &line[..start], &line[end..])
        }
        None => line.to_string(),
    }
}

/// A game in progress: a digit placed, a conflict, a struck candidate, a hint shown.
fn game_in_progress() -> State {
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "p5p");
    select(&mut state, "r1c2");
    press(&mut state, "8");
    update(&mut state, Action::Tick(754_000));
    press(&mut state, "HHH");
    select(&mut state, "r5c5");
    state
}

/// The board size the layout picks for a terminal size.
fn board_size(width: u16, height: u16) -> Option<BoardSize> {
    match Layout::for_area(Rect::new(0, 0, width, height)) {
        Layout::Board { size, .. } => Some(size),
        Layout::TooSmall => None,
    }
}

#[test]
fn each_size_gets_the_biggest_board_that_fits() {
    assert_eq!(board_size(120, 45), Some(BoardSize::Large));
    assert_eq!(board_size(100, 38), Some(BoardSize::Large));
    assert_eq!(board_size(80, 50), Some(BoardSize::Large), "panel below");
    assert_eq!(board_size(80, 24), Some(BoardSize::Medium));
    assert_eq!(board_size(62, 20), Some(BoardSize::Compact));
    assert_eq!(board_size(50, 12), None);
}

#[test]
fn renders_the_large_board_at_120x45() {
    let state = game_in_progress();
    let text = screen(&state, 120, 45);
    assert!(
        text.contains("━━━1━━━┯"),
        "column labels in the top border, thin cell rules"
    );
    insta::assert_snapshot!("board_120x45", text);
}

#[test]
fn renders_the_large_board_at_100x38_with_the_panel_beside_it() {
    let state = game_in_progress();
    let text = screen(&state, 100, 38);
    insta::assert_snapshot!("board_100x38", text);
}

#[test]
fn renders_the_large_board_at_80x50_with_the_panel_below_it() {
    let state = game_in_progress();
    let text = screen(&state, 80, 50);
    let lines: Vec<&str> = text.lines().collect();
    let board_bottom = lines.iter().position(|l| l.contains('┗')).unwrap();
    let grade = lines.iter().position(|l| l.contains("Grade")).unwrap();
    assert!(grade > board_bottom, "the panel is under the board");
    insta::assert_snapshot!("board_80x50", text);
}

#[test]
fn renders_candidates_at_80x24() {
    let mut state = game_in_progress();
    select(&mut state, "r1c1");
    let text = screen(&state, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    // Candidates in their spots of `12345` over `6789`: r1c1 keeps its 4 and
    // the 5 it struck (drawn struck); r1c4 has 4 and 9; the player's 8 in r1c2
    // and the given 3 are bracketed, never where a candidate goes.
    assert!(lines[2].starts_with("1 ┃   45  (8)   [3] ┃   4 "), "{text}");
    assert!(lines[3].starts_with("  ┃                 ┃   9 "), "{text}");
    insta::assert_snapshot!("board_80x24", text);
}

#[test]
fn renders_the_compact_board_at_62x20() {
    let mut state = game_in_progress();
    select(&mut state, "r1c1");
    let text = screen(&state, 62, 20);
    assert!(
        text.contains("r1c1: 4"),
        "the selected cell is named in the panel"
    );
    assert!(text.contains("1 ┃ · │(8)│[3]┃"), "row label and digits");
    insta::assert_snapshot!("board_62x20", text);
}

#[test]
fn renders_the_help_overlay_from_the_key_table() {
    let mut state = new_state();
    press(&mut state, "?");
    let text = screen(&state, 80, 24);
    // At 80x24 the help may need one page down for its last rows.
    update(&mut state, Action::Scroll(10));
    let next_page = screen(&state, 80, 24);
    for row in help_rows()
        .iter()
        .filter(|r| r.context == pencilmark::app::keymap::Context::Board)
    {
        assert!(
            text.contains(row.help) || next_page.contains(row.help),
            "{} is on the help screen",
            row.help
        );
    }
    insta::assert_snapshot!("help_80x24", text);
}

#[test]
fn renders_a_clear_message_when_too_small() {
    let state = new_state();
    let text = screen(&state, 50, 12);
    assert!(text.contains("terminal too small: need 61 x 20, have 50 x 12"));
    assert!(text.contains("press q to quit"));
    insta::assert_snapshot!("too_small_50x12", text);
}

#[test]
fn renders_the_win_screen_with_time_and_hints() {
    let mut state = new_state();
    press(&mut state, "H");
    update(&mut state, Action::Tick(65_000));
    let answer = solution();
    for c in Cell::all().filter(|&c| givens().get(c).is_none()) {
        select(&mut state, &c.to_string());
        press(&mut state, &answer.get(c).unwrap().to_char().to_string());
    }
    let text = screen(&state, 80, 24);
    assert!(text.contains("Solved, with help."), "{text}");
    assert!(text.contains("Time 01:05"));
    assert!(text.contains("Assists: 1 nudge"), "{text}");
    assert!(text.contains("new game"));
}

#[test]
fn rendering_never_panics_at_any_size() {
    let mut state = game_in_progress();
    for overlay in [
        Overlay::None,
        Overlay::Help,
        Overlay::ConfirmSolve,
        Overlay::Won,
    ] {
        state.overlay = overlay;
        for width in (0..=130).step_by(7).chain([1, 64, 73, 99, 100]) {
            for height in (0..=50).step_by(5).chain([1, 19, 20, 37, 38]) {
                let _ = screen(&state, width.max(1), height.max(1));
            }
        }
    }
}

#[test]
fn the_readme_lists_every_key_of_the_table() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let playing = &readme[readme.find("## Playing").expect("a Playing section")..];
    for binding in BINDINGS
        .iter()
        .filter(|b| b.context == pencilmark::app::keymap::Context::Board)
    {
        for key in binding.keys.iter() {
            let shown = match key {
                Key::Char(c) if c.is_ascii_digit() && *c != '0' => "`1`-`9`".to_string(),
                Key::Char(c) => format!("`{c}`"),
                other => other.label(),
            };
            assert!(
                playing.contains(&shown),
                "the README's key table lacks {shown}"
            );
        }
    }
}

#[test]
fn without_colour_only_bold_underline_reverse_and_dim_are_used() {
    let mut state = game_in_progress();
    state.color = false;
    let mut terminal = Terminal::new(TestBackend::new(120, 45)).unwrap();
    terminal.draw(|frame| ui::render(&state, frame)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut reversed = 0;
    for cell in buffer.content() {
        assert_eq!(
            cell.fg,
            ratatui::style::Color::Reset,
            "no foreground colour"
        );
        assert_eq!(
            cell.bg,
            ratatui::style::Color::Reset,
            "no background colour"
        );
        if cell.modifier.contains(ratatui::style::Modifier::REVERSED) {
            reversed += 1;
        }
    }
    assert!(reversed >= 21, "the selected cell is drawn reversed");
}

/// The screen at every scroll position of the help, joined.
fn every_help_page(state: &mut State, width: u16, height: u16) -> String {
    let mut pages = vec![screen(state, width, height)];
    for _ in 0..40 {
        press(state, "j");
        pages.push(screen(state, width, height));
    }
    pages.join("\n")
}

#[test]
fn the_help_scrolls_when_the_window_is_short() {
    let mut state = new_state();
    press(&mut state, "?");
    let first = screen(&state, 64, 20);
    assert!(
        first.contains("PgDn scroll"),
        "the help says how to scroll: {first}"
    );
    assert!(
        !first.contains("close the help"),
        "the end is below the fold"
    );
    let all = every_help_page(&mut state, 64, 20);
    for row in help_rows() {
        if matches!(
            row.context,
            pencilmark::app::keymap::Context::Board | pencilmark::app::keymap::Context::Help
        ) {
            // Long help texts wrap: their first words are on the row's line.
            let start: String = row.help.chars().take(20).collect();
            assert!(
                all.contains(&start),
                "{:?} is reachable by scrolling",
                row.help
            );
        }
    }
    insta::assert_snapshot!("help_64x20", first);
    // Back up to the top with k.
    for _ in 0..50 {
        press(&mut state, "k");
    }
    assert_eq!(screen(&state, 64, 20), first);
}

#[test]
fn panel_fields_and_title_are_cut_with_an_ellipsis() {
    let mut state = game_in_progress();
    state.game.name =
        "A puzzle with a very long name, from a collection of many puzzles with long names"
            .to_string();
    let text = screen(&state, 80, 24);
    let title = text.lines().next().unwrap();
    assert!(title.ends_with('…'), "{title}");
    assert!(title.chars().count() <= 80);
    assert!(text.contains("Grade   Easy (486)"), "a short grade: {text}");
    let wide = screen(&state, 120, 45);
    assert!(wide.contains("Grade   Easy (score 486)"), "{wide}");
}

#[test]
fn the_propagation_log_scrolls_back_to_its_first_entry() {
    let mut state = new_state();
    press(&mut state, "A");
    assert!(state.log.len() > 10, "an easy puzzle fills many singles");
    state.overlay = Overlay::None; // it solved the puzzle: look at the board under the win screen
    let text = screen(&state, 80, 24);
    assert!(text.contains("Log "), "{text}");
    assert!(
        !text.contains(" 1. "),
        "the newest entries show first: {text}"
    );
    assert!(text.contains(&format!("of {}", state.log.len())), "{text}");
    let pg_up = keymap(event(Key::PageUp), &state).unwrap();
    for _ in 0..state.log.len() {
        update(&mut state, pg_up.clone());
    }
    let start = screen(&state, 80, 24);
    assert!(start.contains("1. "), "{start}");
    assert!(start.contains("Log 1-"), "{start}");
    let pg_down = keymap(event(Key::PageDown), &state).unwrap();
    for _ in 0..state.log.len() {
        update(&mut state, pg_down.clone());
    }
    assert_eq!(screen(&state, 80, 24), text, "PgDn returns to the newest");
}

#[test]
fn the_learn_summary_table_fits_at_120x45() {
    use pencilmark::app::learn::LearnAction;
    let mut state = new_state();
    press(&mut state, "L");
    update(&mut state, Action::LearnStep(LearnAction::ToEnd));
    let text = screen(&state, 120, 45);
    assert!(text.contains("All four settings"), "{text}");
    let header = text
        .lines()
        .find(|l| l.contains("rules, order"))
        .unwrap_or_else(|| panic!("the table's header: {text}"));
    for head in ["asgn", "elim", "gues", "back"] {
        assert!(header.contains(head), "{header}");
    }
    for setting in pencilmark::engine::trace::Settings::ALL {
        let row = text
            .lines()
            .find(|l| l.contains(&format!("{setting} ")))
            .unwrap_or_else(|| panic!("{setting} row: {text}"));
        let numbers = row[row.find(&setting.to_string()).unwrap()..]
            .split_whitespace()
            .filter(|w| w.trim_end_matches(['│', '+']).parse::<u64>().is_ok())
            .count();
        assert_eq!(numbers, 4, "{setting}'s four counts on its row: {row}");
    }
}

// Themes and the settings file.

/// The buffer of `state` drawn at `width` x `height`.
fn buffer(state: &State, width: u16, height: u16) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::render(state, frame)).unwrap();
    terminal.backend().buffer().clone()
}

/// The cell of `buffer` showing `text` first on line `y`, from column `from`.
fn find(buffer: &ratatui::buffer::Buffer, y: u16, from: u16, text: &str) -> u16 {
    (from..buffer.area.width)
        .find(|&x| buffer[(x, y)].symbol() == text)
        .unwrap_or_else(|| panic!("{text:?} on line {y}"))
}

/// The styles on screen as text (`fg bg modifiers` per distinct run), for snapshots.
fn styled(buffer: &ratatui::buffer::Buffer) -> String {
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        let mut last = None;
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            let style = (cell.fg, cell.bg, cell.modifier);
            if last != Some(style) {
                line.push_str(&format!(
                    "{{{:?} {:?} {:?}}}",
                    cell.fg, cell.bg, cell.modifier
                ));
                last = Some(style);
            }
            line.push_str(cell.symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A game with every kind of highlight: a placed digit, a conflict, a struck
/// candidate, a hint's unit, pattern and removals, the selection.
fn highlighted_game(theme: ThemeName) -> State {
    let mut state = game_in_progress();
    select(&mut state, "r1c5");
    press(&mut state, "2"); // a given: refused
    select(&mut state, "r1c6");
    press(&mut state, "3"); // clashes with the given 3 in r1c3
    select(&mut state, "r2c2");
    state.theme = theme;
    state.color = theme != ThemeName::Mono;
    state
}

#[test]
fn mono_keeps_every_highlight_without_a_colour() {
    let state = highlighted_game(ThemeName::Mono);
    let buffer = buffer(&state, 80, 24);
    for cell in buffer.content() {
        assert_eq!(cell.fg, Color::Reset, "no foreground colour");
        assert_eq!(cell.bg, Color::Reset, "no background colour");
    }
    // r2c2 selected: reversed. Line 4 is row 2's first line.
    let x = find(&buffer, 4, 8, "2");
    assert!(buffer[(x, 4)].modifier.contains(Modifier::REVERSED));
    // The clash: `!3!` on both cells, underlined and reversed.
    let text = screen(&state, 80, 24);
    assert!(text.lines().nth(2).unwrap().contains("!3!"), "{text}");
    let x = find(&buffer, 2, 10, "!");
    assert!(buffer[(x, 2)].modifier.contains(Modifier::UNDERLINED));
    // r1c1's struck 5: dim and crossed out.
    let struck = &buffer[(7, 2)];
    assert_eq!(struck.symbol(), "5");
    assert!(
        struck
            .modifier
            .contains(Modifier::DIM | Modifier::CROSSED_OUT)
    );
    insta::assert_snapshot!("mono_80x24", styled(&buffer));
}

#[test]
fn light_theme_draws_dark_digits_on_pale_highlights() {
    let state = highlighted_game(ThemeName::Light);
    let buffer = buffer(&state, 80, 24);
    // r1c5's given 2 (line 2: `1 ┃   45  (8)  !3! ┃   4   [2]`).
    let given = find(&buffer, 2, 20, "2");
    assert_eq!(buffer[(given - 1, 2)].symbol(), "[");
    assert_eq!(buffer[(given, 2)].fg, Color::Black, "a given is black");
    assert!(buffer[(given, 2)].modifier.contains(Modifier::BOLD));
    let dark = buffer_of(ThemeName::Dark);
    assert_ne!(
        dark[(given, 2)].fg,
        buffer[(given, 2)].fg,
        "the schemes differ"
    );
    insta::assert_snapshot!("light_80x24", styled(&buffer));
}

fn buffer_of(theme: ThemeName) -> ratatui::buffer::Buffer {
    buffer(&highlighted_game(theme), 80, 24)
}

#[test]
fn every_theme_draws_the_same_text() {
    let text = screen(&highlighted_game(ThemeName::Dark), 80, 24);
    for theme in ThemeName::ALL {
        assert_eq!(screen(&highlighted_game(theme), 80, 24), text, "{theme}");
    }
}

#[test]
fn no_color_wins_over_the_flag_and_the_file() {
    let file = Config {
        theme: Some(ThemeName::Light),
        ..Config::default()
    };
    assert_eq!(
        choose_theme(Some(ThemeName::HighContrast), true, &file),
        ThemeName::Mono
    );
    if std::env::var_os("NO_COLOR").is_none() {
        assert_eq!(
            choose_theme(Some(ThemeName::HighContrast), false, &file),
            ThemeName::HighContrast
        );
        assert_eq!(choose_theme(None, false, &file), ThemeName::Light);
        assert_eq!(
            choose_theme(None, false, &Config::default()),
            ThemeName::Dark
        );
    }
}

#[test]
fn the_settings_file_names_its_theme() {
    let config = Config::parse("# mine\ntheme = \"high-contrast\"\n").unwrap();
    assert_eq!(config.theme, Some(ThemeName::HighContrast));
    assert_eq!(Config::parse("").unwrap(), Config::default());
}

#[test]
fn a_bad_settings_file_says_which_line() {
    let (line, message) = Config::parse("\n\ntheme = \"blue\"\n").unwrap_err();
    assert_eq!(line, 3);
    assert!(message.contains("\"blue\""), "{message}");
    assert!(message.contains("dark, light, high-contrast or mono"));
    let (line, message) = Config::parse("theme = \"dark\"\ncolour = 1\n").unwrap_err();
    assert_eq!(line, 2);
    assert!(message.contains("unknown setting `colour`"), "{message}");
    let (line, _) = Config::parse("theme = \"dark\"\n\ntheme = = 2\n").unwrap_err();
    assert_eq!(line, 3, "a syntax error has its line too");
}

#[test]
fn a_named_settings_file_must_exist_and_its_errors_name_it() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.toml");
    let err = Config::load(Some(&missing)).unwrap_err().to_string();
    assert!(err.contains("nope.toml"), "{err}");
    let bad = dir.path().join("config.toml");
    std::fs::write(&bad, "theme = \"light\"\nkeys = 3\n").unwrap();
    let err = Config::load(Some(&bad)).unwrap_err().to_string();
    assert!(err.contains("config.toml, line 2"), "{err}");
    std::fs::write(&bad, "theme = \"light\"\n").unwrap();
    assert_eq!(
        Config::load(Some(&bad)).unwrap().theme,
        Some(ThemeName::Light)
    );
}

#[test]
fn mono_tells_the_selection_from_the_hints_cell() {
    let mut state = game_in_progress(); // r5c5 selected; the hint fills r2c2
    state.color = false;
    state.theme = ThemeName::Mono;
    let buffer = buffer(&state, 80, 24);
    // 80x24: cell rNcM's first line is 2 + 2(N-1) + (N-1)/3, its first column 3 + 6(M-1).
    let selected = buffer[(3 + 6 * 4, 2 + 8 + 1)].modifier;
    let target = buffer[(3 + 6, 2 + 2)].modifier;
    assert!(selected.contains(Modifier::REVERSED), "{selected:?}");
    assert!(!target.contains(Modifier::REVERSED), "{target:?}");
    assert!(
        target.contains(Modifier::BOLD | Modifier::UNDERLINED),
        "{target:?}"
    );
}
