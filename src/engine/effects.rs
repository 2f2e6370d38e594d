//! Making a deduction's effects on a position: the one "apply a step" that every
//! position a step lands on implements, whatever its shape.
//!
//! A step (the one [`crate::engine::logic::Step`], on every shape) says what it
//! places and what it removes ([`Deduction`]); a position (the classic
//! [`crate::engine::Board`], the shaped `ShapeMarks`, the player's positions in
//! the app) says what placing a value and removing a candidate mean to it
//! ([`Effects`]). Cells are row-major indices into the geometry and values
//! 1..=side, the vocabulary every shape shares, so one routine serves them all.

/// A position a step's effects can be made on.
pub trait Effects {
    /// Puts `value` in `cell` (and strikes it from the peers' candidates, as the
    /// position keeps them).
    fn place_value(&mut self, cell: usize, value: u8);
    /// Removes the candidate `value` from `cell`.
    fn remove_candidate(&mut self, cell: usize, value: u8);
}

/// A deduction: the values it places and the candidates it removes.
pub trait Deduction {
    /// `(cell, value)` of every placement, in order.
    fn placed(&self) -> impl Iterator<Item = (usize, u8)> + '_;
    /// `(cell, value)` of every elimination, in order.
    fn removed(&self) -> impl Iterator<Item = (usize, u8)> + '_;

    /// Makes the effects on `position` without further propagation: the
    /// placements first, then the eliminations.
    fn apply_to(&self, position: &mut impl Effects) {
        for (cell, value) in self.placed() {
            position.place_value(cell, value);
        }
        for (cell, value) in self.removed() {
            position.remove_candidate(cell, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position that records what was done to it.
    #[derive(Default)]
    struct Recorder(Vec<String>);

    impl Effects for Recorder {
        fn place_value(&mut self, cell: usize, value: u8) {
            self.0.push(format!("{cell}={value}"));
        }
        fn remove_candidate(&mut self, cell: usize, value: u8) {
            self.0.push(format!("{cell}-{value}"));
        }
    }

    struct Both;

    impl Deduction for Both {
        fn placed(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
            [(3, 1)].into_iter()
        }
        fn removed(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
            [(4, 2), (5, 2)].into_iter()
        }
    }

    #[test]
    fn placements_are_made_before_eliminations() {
        let mut position = Recorder::default();
        Both.apply_to(&mut position);
        assert_eq!(position.0, ["3=1", "4-2", "5-2"]);
    }
}
