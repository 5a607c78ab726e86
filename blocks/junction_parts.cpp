#include "junction_parts.h"

#include <cctype>
#include <cmath>
#include <utility>

#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

/// Charges are held in pC: their unknowns are then of order 1 like potentials, not 1e-14 C, so
/// the solvers' absolute tolerances (1e-12) do not swamp them (the eliminator may solve a node
/// potential from a charge: v = q/C with C of a few fF).
constexpr double kChargeUnit = 1e-12;  // C
/// A charge equation's residual is its charge error over this time: a current, so the Newton
/// damping of the operating-point and initialisation solvers, which weighs residual norms, sees it
/// beside the node currents (in C it would vanish beside them; in pC it would swamp them, and
/// neither converged for a diode switched out of forward conduction).
constexpr double kChargeTime = 1e-6;  // s

/// SPICE's reference temperature of the band-gap formula.
constexpr double kReferenceTemperature = 300.15;  // K

/// SPICE's pbfact: how a junction potential moves from Tref to t with the band gap Eg(t) (eV).
double potentialShift(double t) {
  const double vt = kBoltzmann * t / kElementaryCharge;
  const double gap = siliconBandGap(t);
  const double arg = -gap / (2.0 * kBoltzmann * t) + 1.1150877 / (2.0 * kBoltzmann * kReferenceTemperature);
  return -2.0 * vt * (1.5 * std::log(t / kReferenceTemperature) + kElementaryCharge * arg);
}

}  // namespace

double polaritySign(const core::ComponentBuilder& b, const std::string& positive, const std::string& negative) {
  const auto lower = [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  const std::string& polarity = b.textParam("polarity");
  if (polarity == positive || polarity == lower(positive)) return 1.0;
  if (polarity != negative && polarity != lower(negative))
    b.fail("", "polarity must be " + positive + " or " + negative + ", not '" + polarity + "'");
  return -1.0;
}

double saturationCurrentAt(const core::ComponentBuilder& b, double ratio, double vt) {
  return b.param("IS") * std::pow(ratio, b.param("XTI")) * std::exp((ratio - 1.0) * b.param("EG") / vt);
}

double siliconBandGap(double t) { return 1.16 - 7.02e-4 * t * t / (t + 1108.0); }

JunctionTemperature junctionTemperature(double vj, double m, double tnom, double t) {
  const double atNom = tnom / kReferenceTemperature, atT = t / kReferenceTemperature;
  const double reference = (vj - potentialShift(tnom)) / atNom;  // the potential at Tref
  const double potential = atT * reference + potentialShift(t);
  const auto factor = [&](double temperature, double v) {
    return 1.0 + m * (4e-4 * (temperature - kReferenceTemperature) - (v - reference) / reference);
  };
  return {potential, factor(t, potential) / factor(tnom, vj)};
}

core::ParamDecl gradingParam(std::string name, std::string defaultValue, std::string description) {
  return {.name = std::move(name),
          .unit = "",
          .defaultValue = std::move(defaultValue),
          .min = 0.0,
          .max = 1.0,
          .maxInclusive = false,
          .description = std::move(description)};
}

core::ParamDecl forwardBiasCoefficientParam() {
  return {.name = "FC",
          .unit = "",
          .defaultValue = "0.5",
          .min = 0.0,
          .max = 0.95,
          .description = "forward-bias depletion capacitance coefficient"};
}

Expr depletionCharge(ComponentBuilder& b, Expr v, double cj, double vj, double m, double fc) {
  if (cj == 0.0) return b.pool().constant(0.0);
  const double f1 = vj * (1.0 - std::pow(1.0 - fc, 1.0 - m)) / (1.0 - m);
  const double f2 = std::pow(1.0 - fc, 1.0 + m);
  const double f3 = 1.0 - fc * (1.0 + m);
  const double knee = fc * vj;
  // Below the knee; the argument is kept ≥ 1 − fc so the unused branch stays finite.
  const Expr below = cj * vj * (1.0 - pow(max(1.0 - v / vj, b.pool().constant(1.0 - fc)), 1.0 - m)) / (1.0 - m);
  const Expr above = cj * (f1 + (f3 * (v - knee) + m / (2.0 * vj) * (v * v - knee * knee)) / f2);
  return ifThenElse(less(v, b.pool().constant(knee)), below, above);
}

Expr chargeCurrent(ComponentBuilder& b, const std::string& name, Expr charge) {
  if (charge.isConstant()) return b.pool().constant(0.0);
  const Expr q = b.state(name, 0.0);
  b.equation((kChargeUnit * q - charge) / kChargeTime);
  return kChargeUnit * der(q);
}

Expr internalNode(ComponentBuilder& b, const std::string& port, double r, const std::string& node,
                  const std::string& noise) {
  if (r == 0.0) return b.across(port);
  const Expr inner = b.variable(node);
  b.equation(b.across(port) - inner - r * (b.through(port) - b.noise(noise, [&] {
                                        return b.pool().constant(4.0 * kBoltzmann * b.temperature() / r);
                                      })));
  return inner;
}

Expr flickerCurrent(ComponentBuilder& b, const std::string& name, Expr i, double kf, double af, double scale) {
  if (kf == 0.0) return b.pool().constant(0.0);
  return b.flickerNoise(name, [&] { return kf / scale * pow(max(abs(i), b.pool().constant(1e-38)), af); });
}

}  // namespace kelvin::blocks
