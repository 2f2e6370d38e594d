//! Pure rendering of the app's state.

pub mod learn;
