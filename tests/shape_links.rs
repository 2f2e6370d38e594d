//! Links on every shape: each link of a shaped step is real in the position the
//! step was found in, judged here from the geometry's unit list alone (a strong
//! link joins a value's only two places in some unit, or a cell's only two
//! candidates; a weak link joins one value in two cells that share a unit, or two
//! values of one cell), and the links of a chain follow on from each other.
//! Checked on typed positions of shapes other than the classic 9x9 and along the
//! solving paths of the bundled shape collections; then `explain --links` and
//! `hint --json` on a shape, and `hint --givens` on a shaped game in progress.

mod common;

use common::shapes::{jigsaw6, keeping, only_in, struck, unit};

use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::geometry::logic::{Ladder, ShapeMarks, links};
use pencilmark::engine::geometry::{Geometry, UnitKind, Variant};
use pencilmark::engine::logic::links::LinkKind;
use pencilmark::engine::logic::{Link, Step, Technique};
use pencilmark::engine::{Cell, Digit};

/// Why `link` is not real in `marks`, if it is not.
fn fault(marks: &ShapeMarks, link: &Link) -> Option<&'static str> {
    let geometry = marks.geometry();
    let ((a, x), (b, y)) = (link.from, link.to);
    let (a, b, x, y) = (a.index(), b.index(), x.get(), y.get());
    if !marks.allows(a, x) || !marks.allows(b, y) {
        return Some("an end is not a candidate");
    }
    let held = |cell: usize| (1..=geometry.side() as u8).filter(move |&v| marks.allows(cell, v));
    let real = if a == b {
        x != y && (!link.strong || held(a).eq([x.min(y), x.max(y)]))
    } else if x != y {
        false
    } else if link.strong {
        geometry.units().iter().any(|unit| {
            let places: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&c| marks.allows(c, x))
                .collect();
            places.len() == 2 && places.contains(&a) && places.contains(&b)
        })
    } else {
        geometry
            .units()
            .iter()
            .any(|u| u.cells.contains(&a) && u.cells.contains(&b))
    };
    (!real).then_some("not linked that way")
}

/// Techniques whose links run end to end, each `to` the next `from`.
fn is_chain(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::XyWing
            | Technique::WWing
            | Technique::XChain
            | Technique::XyChain
            | Technique::Skyscraper
            | Technique::TwoStringKite
    )
}

/// Techniques of the shaped ladder whose steps always show links: every
/// multi-cell pattern; singles place from one cell; a forcing step shows the
/// links its branches follow one by one (a net's may rest on several facts each).
fn has_links(technique: Technique) -> bool {
    !Technique::SINGLES.contains(&technique) && !technique.is_forcing()
}

/// Checks every link of `step` in `marks`; the number checked.
fn check_links(marks: &ShapeMarks, step: &Step, context: &str) -> usize {
    let geometry = marks.geometry();
    let Some(technique) = step.technique() else {
        assert!(step.links.is_empty(), "{context}: a guess has no links");
        return 0;
    };
    if !technique.is_forcing() {
        assert_eq!(
            has_links(technique),
            !step.links.is_empty(),
            "{context}: links of {}",
            step.text_in(geometry)
        );
    }
    for link in &step.links {
        if let Some(why) = fault(marks, link) {
            panic!(
                "{context}: link {link:?} is {why}: {}",
                step.text_in(geometry)
            );
        }
    }
    if is_chain(technique) {
        for pair in step.links.windows(2) {
            assert_eq!(pair[0].to, pair[1].from, "{context}: {:?}", step.links);
        }
        assert!(step.links.first().is_some_and(|l| l.strong), "{context}");
    }
    step.links.len()
}

#[test]
fn an_xy_wing_through_a_diagonal_links_along_the_diagonal() {
    let geometry = Geometry::regular(9, Variant::X).unwrap();
    // Pivot r1c1 {1,3} sees wing r5c5 {1,2} only by the main diagonal, r5c1 {2,3} by column 1.
    let marks = keeping(&geometry, &[(0, &[1, 3]), (40, &[1, 2]), (36, &[2, 3])]);
    let step = Ladder::new(&geometry)
        .find(Technique::XyWing, &marks)
        .expect("an XY-Wing");
    assert_eq!(check_links(&marks, &step, "xy_wing on X"), 5);
    let said: Vec<String> = step.links.iter().map(|l| links::said(&marks, l)).collect();
    assert!(
        said.iter()
            .any(|s| s.ends_with("(weak link in diagonal 1)")),
        "{said:?}"
    );
    // The chain runs from one wing's 2 to the other's: the 2 is in one of them.
    assert_eq!(step.links[0].from.1.get(), 2);
    assert_eq!(step.links[4].to.1.get(), 2);
}

#[test]
fn locked_candidates_on_a_jigsaw_and_a_diagonal_link_each_removal_to_the_set() {
    let jigsaw = jigsaw6();
    // Region 1 keeps 5 only in r1c1, r1c2: it leaves r1c4..r1c6.
    let marks = struck(&jigsaw, 5, &[2, 6, 7, 13]);
    let step = Ladder::new(&jigsaw)
        .find(Technique::LockedCandidatesPointing, &marks)
        .expect("region 1 points along row 1");
    // Two set cells, three removals: six weak links, each ending at a removal.
    assert_eq!(check_links(&marks, &step, "jigsaw pointing"), 6);
    for link in &step.links {
        assert!(
            step.eliminations.contains(&link.to) && step.pattern_cells().any(|c| c == link.from.0)
        );
    }
    let x = Geometry::regular(6, Variant::X).unwrap();
    let marks = struck(&x, 4, &[14, 21, 28, 35]);
    let step = Ladder::new(&x)
        .find(Technique::LockedCandidatesPointing, &marks)
        .expect("the diagonal points into box 1");
    assert!(check_links(&marks, &step, "diagonal pointing") >= 4);
}

#[test]
fn subsets_and_an_x_wing_on_a_twelve_by_twelve_have_real_links() {
    let geometry = Geometry::regular(12, Variant::Classic).unwrap();
    let ladder = Ladder::new(&geometry);
    let mut marks = keeping(&geometry, &[(0, &[1, 2]), (1, &[1, 2])]);
    marks.strike(2, 11);
    let pair = ladder
        .find(Technique::NakedPair, &marks)
        .expect("a naked pair");
    assert!(check_links(&marks, &pair, "naked pair") > 0);
    let row_one: Vec<usize> = (0..12).filter(|&c| c != 4 && c != 5).collect();
    let mut marks = struck(&geometry, 11, &row_one);
    row_one.iter().for_each(|&c| marks.strike(c, 12));
    let hidden = ladder
        .find(Technique::HiddenPair, &marks)
        .expect("a hidden pair");
    // The two strong links (11 and 12 each in r1c5, r1c6), and a weak link per removal.
    let count = check_links(&marks, &hidden, "hidden pair");
    assert_eq!(count, 2 + hidden.eliminations.len() * 2);
    assert!(hidden.links.iter().take(2).all(|l| l.strong));
    let off: Vec<usize> = [0, 6]
        .iter()
        .flat_map(|&r| (1..11).map(move |c| r * 12 + c))
        .collect();
    let marks = struck(&geometry, 11, &off);
    let fish = ladder.find(Technique::XWing, &marks).expect("an X-Wing");
    // A loop of four links: strong along each base row, weak along each cover column.
    assert_eq!(check_links(&marks, &fish, "x-wing"), 4);
    assert_eq!(fish.links[3].to, fish.links[0].from, "the loop closes");
    let strong: Vec<bool> = fish.links.iter().map(|l| l.strong).collect();
    assert_eq!(strong, vec![true, false, true, false]);
}

#[test]
fn an_x_chain_on_a_six_by_six_links_strong_and_weak_in_turn() {
    let geometry = Geometry::regular(6, Variant::Classic).unwrap();
    let marks = only_in(&geometry, 1, &[1, 4, 19, 22, 34]);
    let step = Ladder::new(&geometry)
        .find(Technique::XChain, &marks)
        .expect("an X-Chain");
    assert_eq!(check_links(&marks, &step, "x-chain"), 3);
    let strong: Vec<bool> = step.links.iter().map(|l| l.strong).collect();
    assert_eq!(strong, vec![true, false, true]);
}

/// The checker can fail: the X-Wing's weak links (along columns that keep other
/// places) made strong are not real, nor is a link to a struck candidate.
#[test]
fn a_false_link_is_caught() {
    let geometry = Geometry::regular(12, Variant::Classic).unwrap();
    let off: Vec<usize> = [0, 6]
        .iter()
        .flat_map(|&r| (1..11).map(move |c| r * 12 + c))
        .collect();
    let marks = struck(&geometry, 11, &off);
    let fish = Ladder::new(&geometry)
        .find(Technique::XWing, &marks)
        .expect("an X-Wing");
    for link in fish.links.iter().filter(|l| !l.strong) {
        let flipped = Link {
            strong: true,
            ..*link
        };
        assert!(fault(&marks, &flipped).is_some(), "{flipped:?} passes");
        assert!(links::kind(&marks, &flipped).is_none(), "{flipped:?}");
    }
    let struck_end = Link {
        to: (Cell::new(off[0]), Digit::new(11)),
        ..fish.links[0]
    };
    assert!(fault(&marks, &struck_end).is_some());
    assert!(links::kind(&marks, &struck_end).is_none());
}

/// The bundled hard shape collections need subsets, fish and chains: along each
/// puzzle's path every step's links, and at every third position the first
/// instance of every multi-cell technique.
#[test]
fn every_link_along_the_bundled_shape_paths_is_real() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut linked = std::collections::BTreeSet::new();
    let mut total = 0;
    for (file, variant, count) in [
        ("x-expert.txt", Variant::X, 2),
        ("windoku-hard.txt", Variant::Windoku, 2),
        ("jigsaw9-expert.txt", Variant::Jigsaw, 2),
        ("jigsaw6-hard.txt", Variant::Jigsaw, 3),
        ("6x6-expert.txt", Variant::Classic, 3),
        ("12x12-hard.txt", Variant::Classic, 1),
    ] {
        let text = std::fs::read_to_string(root.join(file)).expect("bundled collection");
        let lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with('#'));
        for (number, line) in lines.take(count) {
            let puzzle = ShapeReader::new(variant).read(line, number + 1).unwrap();
            let geometry = &puzzle.geometry;
            let ladder = Ladder::new(geometry);
            let mut marks = ShapeMarks::from_givens(geometry, &puzzle.givens);
            let context = format!("{file} line {}", number + 1);
            for (at, step) in logic_path(geometry, &puzzle.givens).iter().enumerate() {
                total += check_links(&marks, step, &context);
                if !step.links.is_empty() {
                    linked.insert(step.technique().unwrap());
                }
                if at % 3 == 0 && step.placements.is_empty() {
                    let techniques = Technique::ALL.into_iter();
                    for technique in techniques.filter(|&t| t.supports(geometry) && has_links(t)) {
                        if let Some(other) = ladder.find(technique, &marks) {
                            total += check_links(&marks, &other, &context);
                            linked.insert(technique);
                        }
                    }
                }
                step.apply(&mut marks);
            }
        }
    }
    eprintln!("checked {total} links; techniques with links: {linked:?}");
    assert!(
        total > 200 && linked.len() >= 8,
        "{total} links of {linked:?}"
    );
}

fn logic_path(geometry: &Geometry, givens: &[u8]) -> Vec<Step> {
    pencilmark::engine::geometry::logic::explain(geometry, givens).steps
}

#[test]
fn explain_links_on_a_shape_prints_each_link_and_json_carries_them() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let text = std::fs::read_to_string(root.join("x-medium.txt")).unwrap();
    let puzzle = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let args = |extra: &'static str| vec!["explain", "--variant", "x", extra, puzzle];
    let printed = common::stdout(&common::pencilmark(&args("--links"), ""));
    let output = common::pencilmark(&args("--json"), "");
    let value: serde_json::Value =
        serde_json::from_str(common::stdout(&output).trim()).expect("one JSON object");
    let mut linked = 0;
    for (i, step) in value["steps"].as_array().expect("steps").iter().enumerate() {
        let links = step["links"].as_array().expect("every step has links");
        for (k, link) in links.iter().enumerate() {
            let said = link["text"].as_str().expect("running text");
            assert!(
                printed.contains(&format!("   link {}: {said}", k + 1)),
                "step {}",
                i + 1
            );
            let kind = link["kind"].as_str().expect("a real link has a kind");
            assert_eq!(link["strong"].as_bool(), Some(kind == "strong"));
        }
        linked += usize::from(!links.is_empty());
    }
    assert!(linked >= 1, "no step with links");
    let plain = common::stdout(&common::pencilmark(
        &["explain", "--variant", "x", puzzle],
        "",
    ));
    assert!(!plain.contains("link 1:"), "links only with --links");
}

#[test]
fn hint_json_on_a_shape_carries_the_links_of_its_step() {
    // The X-Chain position as a 6x6 line is not reachable from givens, so take
    // the first linked hint along a bundled path: hint each position until one has links.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let text = std::fs::read_to_string(root.join("jigsaw6-hard.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(Variant::Jigsaw).read(line, 1).unwrap();
    let geometry = &puzzle.geometry;
    let regions = line.split_whitespace().nth(1).unwrap();
    let mut values = puzzle.givens.clone();
    loop {
        let position = format!(
            "{} {regions}",
            pencilmark::engine::geometry::format::to_line(geometry, &values)
        );
        let output = common::pencilmark(&["hint", "--json", "--variant", "jigsaw", &position], "");
        let value: serde_json::Value =
            serde_json::from_str(common::stdout(&output).trim()).expect("one JSON object");
        assert_eq!(value["kind"], "step", "{value}");
        let links = value["links"].as_array().expect("a step has links");
        if let Some(first) = links.first() {
            assert!(first["text"].as_str().is_some_and(|t| t.contains(" link")));
            assert!(
                first["from"]["cell"]
                    .as_str()
                    .is_some_and(|c| c.starts_with('r'))
            );
            return;
        }
        // A single: place it and ask again.
        let placed = value["placements"].as_array().expect("placements");
        assert!(
            !placed.is_empty(),
            "a step without links places a value: {value}"
        );
        for p in placed {
            let name = p["cell"].as_str().unwrap();
            let cell = (0..geometry.cells())
                .find(|&c| geometry.cell_name(c) == name)
                .unwrap();
            values[cell] = p["digit"].as_u64().unwrap() as u8;
        }
        assert!(values.contains(&0), "solved by singles alone");
    }
}

#[test]
fn hint_givens_on_a_shape_names_a_wrong_value_and_hints_a_right_position() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let text = std::fs::read_to_string(root.join("6x6-easy.txt")).unwrap();
    let givens = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let geometry = Geometry::regular(6, Variant::Classic).unwrap();
    let puzzle = ShapeReader::new(Variant::Classic).read(givens, 1).unwrap();
    let solution = pencilmark::engine::search::count_shape(&geometry, &puzzle.givens, 2)
        .first
        .expect("solved");
    let open = (0..36).find(|&c| puzzle.givens[c] == 0).unwrap();
    let to_line = |values: &[u8]| pencilmark::engine::geometry::format::to_line(&geometry, values);
    // A wrong value (one its peers may not rule out: the next value round).
    let mut wrong = puzzle.givens.clone();
    wrong[open] = solution[open] % 6 + 1;
    let output = common::pencilmark(
        &["hint", "--json", "--givens", givens, &to_line(&wrong)],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", common::stderr(&output));
    let value: serde_json::Value = serde_json::from_str(common::stdout(&output).trim()).unwrap();
    assert_eq!(value["kind"], "mistake");
    assert_eq!(
        value["cells"],
        serde_json::json!([geometry.cell_name(open)])
    );
    assert!(value["text"].as_str().unwrap().contains("is wrong"));
    // The right value there: a step from the position, the givens kept.
    let mut right = puzzle.givens.clone();
    right[open] = solution[open];
    let output = common::pencilmark(
        &[
            "hint",
            "--level",
            "4",
            "--json",
            "--givens",
            givens,
            &to_line(&right),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let value: serde_json::Value = serde_json::from_str(common::stdout(&output).trim()).unwrap();
    assert_eq!(value["kind"], "step");
    let after = value["position"].as_str().unwrap();
    assert_eq!(
        after.chars().filter(|&c| c != '.').count(),
        right.iter().filter(|&&v| v != 0).count() + 1
    );
    // Givens of another shape are refused as bad input.
    let four = "..1..3....32....";
    let output = common::pencilmark(&["hint", "--givens", four, &to_line(&right)], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        common::stderr(&output).contains("--givens"),
        "{}",
        common::stderr(&output)
    );
}

/// Every unit kind is reachable from a link's text: a link in a window on Windoku.
#[test]
fn a_link_may_run_in_a_window() {
    let geometry = Geometry::regular(9, Variant::Windoku).unwrap();
    let window = unit(&geometry, UnitKind::Window, 1);
    let cells = &geometry.unit(window).cells;
    // The 7 may only go in the window's first two cells (r2c2, r2c3): their row
    // and box keep other places, so the strong link is the window's.
    let others: Vec<usize> = cells[2..].to_vec();
    let marks = struck(&geometry, 7, &others);
    let link = Link {
        from: (Cell::new(cells[0]), Digit::new(7)),
        to: (Cell::new(cells[1]), Digit::new(7)),
        strong: true,
    };
    let kind = links::kind(&marks, &link);
    assert_eq!(kind, Some(LinkKind::StrongInUnit(window)));
    assert!(fault(&marks, &link).is_none());
}
