// The noise family: a noise sensor per physical domain (electrical,
// hydraulic, pneumatic, thermal, rotational, translational) and the external sources
// signal.WhiteNoise and signal.PinkNoise (DESIGN.md, "Noise").

#include <cmath>
#include <numbers>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

namespace {

core::ParamDecl bandwidthParam() {
  return nonNegative("bandwidth", "Hz", "0",
                     "noise bandwidth of the sensor's first-order filter (0: none; white noise seen through no "
                     "storage then has unbounded variance)");
}

/// A sensor reading the across difference of its two ports (no through value):
/// y = reading, reported with its noise. Mechanical sensors read the relative
/// velocity, or with quantity = position the relative displacement.
core::ComponentType noiseSensor(Domain domain, const std::string& what, bool mechanical) {
  const auto [first, second] = twoPinNames(domain);
  const std::string family(core::domainName(domain));
  std::vector<core::ParamDecl> params{bandwidthParam()};
  if (mechanical)
    params.push_back(text("quantity", "velocity", "what y reads: velocity (relative, a − b) or position"));
  core::ComponentType type{
      .type = family + ".NoiseSensor",
      .title = "Noise sensor",
      .description = "Ideal sensor of " + what + ", " + first + " − " + second +
                     ", whose noise (variance, spectrum) the noise analyses report.",
      .ports = required({physical(domain, first, "measured port"), physical(domain, second, "reference port"),
                         signalOutput("y", what + " " + first + " − " + second)}),
      .params = params,
      .keyParam = "bandwidth",
      .icon = iconFor(family + ".NoiseSensor"),
      .build = [mechanical, domain](ComponentBuilder& b) {
        const TwoPin e = twoPin(b, domain);
        b.equation(e.i);
        Expr reading = e.v;
        if (mechanical) {
          const std::string& quantity = b.textParam("quantity");
          if (quantity == "position") {
            reading = b.state("x", 0.0);
            b.equation(der(reading) - e.v);
          } else if (quantity != "velocity") {
            b.fail("", "quantity must be velocity or position, not '" + quantity + "'");
          }
        }
        b.equation(b.output("y") - reading);
        b.noiseSensor(b.output("y"), b.param("bandwidth"));
      }};
  return type;
}

}  // namespace

void registerNoiseBlocks(core::BlockRegistry& registry) {
  registry.add(noiseSensor(Domain::Electrical, "the voltage", false));
  registry.add(noiseSensor(Domain::Hydraulic, "the pressure", false));
  registry.add(noiseSensor(Domain::Pneumatic, "the pressure", false));
  registry.add(noiseSensor(Domain::Thermal, "the temperature", false));
  registry.add(noiseSensor(Domain::Rotational, "the angular velocity", true));
  registry.add(noiseSensor(Domain::Translational, "the velocity", true));

  // y = n, white with one-sided PSD psd.
  registry.add({.type = "signal.WhiteNoise",
                .title = "White noise",
                .description = "White noise of one-sided power spectral density psd (0 in a plain simulation).",
                .ports = {signalOutput("y", "noise")},
                .params = {nonNegative("psd", "1/Hz", "1", "one-sided power spectral density of y")},
                .keyParam = "psd",
                .icon = iconFor("signal.WhiteNoise"),
                .build = [](ComponentBuilder& b) {
                  b.equation(b.output("y") - b.noise("white", [&] { return b.pool().constant(b.param("psd")); }));
                }});

  // y = Σ z_k, τ_k·z_k' = n_k − z_k with independent white n_k: a rational 1/f spectrum.
  registry.add(
      {.type = "signal.PinkNoise",
       .title = "Pink noise",
       .description = "1/f noise: one-sided PSD psd·corner/f from corner/1000 to 1000·corner (flat below, "
                      "falling as 1/f² above), made by a bank of first-order shaping filters.",
       .ports = {signalOutput("y", "noise")},
       .params = {nonNegative("psd", "1/Hz", "1", "one-sided PSD at the corner frequency"),
                  positive("corner", "Hz", "1", "frequency where the PSD equals psd")},
       .keyParam = "psd",
       .icon = iconFor("signal.PinkNoise"),
       .build = [](ComponentBuilder& b) {
         // Poles p_k half a decade apart; section k has PSD S_k/(1 + (f/p_k)²). With S_k = c/p_k the sum
         // approximates (c/ln r)·(π/2)/f (the integral over ln p), so c = psd·corner·2·ln r/π.
         constexpr int kSections = 13;
         const double ratio = std::sqrt(10.0), corner = b.param("corner");
         const double c = b.param("psd") * corner * 2.0 * std::log(ratio) / std::numbers::pi;
         Expr sum = b.pool().constant(0.0);
         for (int k = 0; k < kSections; ++k) {
           const double pole = corner * 1e-3 * std::pow(ratio, k);
           const std::string name = "z" + std::to_string(k + 1);
           const Expr z = b.state(name, 0.0);
           const Expr n = b.noise("pink" + std::to_string(k + 1), [&] { return b.pool().constant(c / pole); });
           b.equation(der(z) - 2.0 * std::numbers::pi * pole * (n - z));
           sum = sum + z;
         }
         b.equation(b.output("y") - sum);
       }});
}

}  // namespace kelvin::blocks
