#pragma once
// Waveforms shared by the electrical and the signal sources: a sine, and a
// SPICE-like periodic trapezoidal pulse whose corners are all exact events.

#include <string>
#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::blocks {

/// amplitude, frequency (Hz), phase (rad) and offset; amplitude and offset in `unit`.
std::vector<core::ParamDecl> sineParams(const std::string& unit);

/// offset + amplitude·sin(2π·frequency·t + phase), from the parameters of sineParams().
core::Expr sineWave(core::ComponentBuilder& b);

/// A SPICE PULSE(v1 v2 delay rise fall width period): v1 until `delay`, then
/// in every period a linear rise to v2 over `rise`, v2 for `width`, a linear
/// fall to v1 over `fall`, and v1 for the rest of the period.
struct Pulse {
  double v1 = 0.0;
  double v2 = 1.0;
  double delay = 0.0;
  double rise = 0.0;
  double fall = 0.0;
  double width = 0.0;
  double period = 1.0;
};

/// v1, v2 (in `unit`, described as the low and high `quantity`, e.g. "voltage"), delay, rise,
/// fall, width and period, as SPICE's PULSE orders them.
std::vector<core::ParamDecl> pulseParams(const std::string& unit, const std::string& quantity);

/// The pulse described by the parameters of pulseParams().
Pulse pulseFromParams(const core::ComponentBuilder& b);

/// The pulse as an expression of time. A discrete cycle counter k, advanced by
/// a clock ticking at delay + j·period, gives the time into the current period
///     τ = t − delay − (k − 1)·period,
/// so the corners (relations on τ) never drift however many periods pass.
/// Calls b.fail() if rise + width + fall exceeds the period.
core::Expr pulseWave(core::ComponentBuilder& b, const Pulse& pulse);

}  // namespace kelvin::blocks
