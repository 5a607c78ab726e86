#pragma once
// The noise settings of a model (settings.extra["noise"] in the .kelvin file),
// typed, with their defaults in this one place; the settings dialog, the GUI's
// simulation worker and kelvin-cli all read and write them through it.
//
//   "envelope"                  the GUI's run computes the noise envelope (default true:
//                               whenever the model has a noise sensor)
//   "relinearization_tolerance" re-linearise when an unknown moves by more than this
//                               fraction (default 1e-3, > 0)
//   "monte_carlo_runs"          runs of the Monte Carlo ensemble (default 0: none; ≥ 0)
//   "seed"                      its seed (default 1; ≥ 0)
//   "sigma_factor"              k of the band mean ± kσ drawn on the scopes (default 3, > 0)
//   "method"                    "elements" (default: every element's own sources) or "portions"
//                               (each passive portion's port sources by Bosma's theorem,
//                               noise/noise_portions.h)

#include <optional>
#include <string>

#include "model/model.h"

namespace kelvin::core {

/// How the noise analyses source the noise of the physical network.
enum class NoiseMethod { Elements, Portions };

/// "elements" / "portions", and back (std::nullopt for another text).
std::string noiseMethodName(NoiseMethod method);
std::optional<NoiseMethod> noiseMethodFromName(const std::string& name);

struct NoiseSettings {
  bool envelope = true;
  double relinearizationTolerance = 1e-3;
  int monteCarloRuns = 0;
  unsigned seed = 1;
  double sigmaFactor = 3.0;
  NoiseMethod method = NoiseMethod::Elements;

  /// Reads settings.extra["noise"]; a key it lacks keeps its default, a key it does not know is
  /// ignored. Throws ModelError naming the setting (and `file`) when a value is not usable.
  static NoiseSettings fromSettings(const Settings& settings, const std::string& file = {});
  /// Writes these values into settings.extra["noise"], keeping the keys it does not know. A model
  /// without noise settings keeps none while every value is its default.
  void writeTo(Settings& settings) const;

  bool operator==(const NoiseSettings&) const = default;
};

}  // namespace kelvin::core
