#include "waveforms.h"

#include <numbers>

#include "declarations.h"

namespace kelvin::blocks {

using core::Expr;

std::vector<core::ParamDecl> sineParams(const std::string& unit) {
  return {number("amplitude", unit, "1", "peak amplitude"), nonNegative("frequency", "Hz", "50", "frequency"),
          number("phase", "rad", "0", "phase at t = 0"), number("offset", unit, "0", "value added to the sine")};
}

Expr sineWave(core::ComponentBuilder& b) {
  const double frequency = b.param("frequency");
  if (frequency > 0.0) b.timeScale(1.0 / frequency);
  const double omega = 2.0 * std::numbers::pi * frequency;
  return b.param("offset") + b.param("amplitude") * sin(omega * b.time() + b.param("phase"));
}

std::vector<core::ParamDecl> pulseParams(const std::string& unit, const std::string& quantity) {
  return {number("v1", unit, "0", "initial (low) " + quantity), number("v2", unit, "1", "pulsed (high) " + quantity),
          nonNegative("delay", "s", "0", "time of the first rise"), nonNegative("rise", "s", "1u", "rise time"),
          nonNegative("fall", "s", "1u", "fall time"), nonNegative("width", "s", "0.5m", "time at v2"),
          positive("period", "s", "1m", "period")};
}

Pulse pulseFromParams(const core::ComponentBuilder& b) {
  return {.v1 = b.param("v1"),
          .v2 = b.param("v2"),
          .delay = b.param("delay"),
          .rise = b.param("rise"),
          .fall = b.param("fall"),
          .width = b.param("width"),
          .period = b.param("period")};
}

Expr pulseWave(core::ComponentBuilder& b, const Pulse& pulse) {
  const double duration = pulse.rise + pulse.width + pulse.fall;
  if (duration > pulse.period)
    b.fail("", "the pulse (rise + width + fall = " + formatValue(duration) + " s) does not fit in the period of " +
                   formatValue(pulse.period) + " s");

  core::ExprPool& pool = b.pool();
  const Expr cycle = b.discrete("cycle", 0.0);
  b.onClock(b.clock(pulse.delay, pulse.period), cycle, cycle + 1.0);
  const Expr tau = b.time() - pulse.delay - (cycle - 1.0) * pulse.period;

  const Expr v1 = pool.constant(pulse.v1);
  const Expr v2 = pool.constant(pulse.v2);
  // Built from the last segment backwards; a segment of zero length is left out.
  Expr wave = v1;
  const double fallStart = pulse.rise + pulse.width;
  if (pulse.fall > 0.0)
    wave = ifThenElse(less(tau, pool.constant(fallStart + pulse.fall)),
                      v2 + (pulse.v1 - pulse.v2) * (tau - fallStart) / pulse.fall, wave);
  wave = ifThenElse(less(tau, pool.constant(fallStart)), v2, wave);
  if (pulse.rise > 0.0)
    wave = ifThenElse(less(tau, pool.constant(pulse.rise)), v1 + (pulse.v2 - pulse.v1) * tau / pulse.rise, wave);
  // Before the first tick (t < delay) the counter is 0.
  return ifThenElse(less(cycle, pool.constant(0.5)), v1, wave);
}

}  // namespace kelvin::blocks
