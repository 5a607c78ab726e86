#include "model/noise_settings.h"

#include <cmath>

#include "model/diagnostic.h"

namespace kelvin::core {

namespace {

[[noreturn]] void unusable(const std::string& file, const std::string& key, const std::string& what) {
  throw ModelError(Diagnostic{file, "", "", "setting noise." + key + " " + what});
}

double number(const Json& noise, const char* key, double fallback, const std::string& file) {
  if (!noise.contains(key)) return fallback;
  const Json& value = noise[key];
  if (!value.is_number()) unusable(file, key, "must be a number");
  return value.get<double>();
}

double count(const Json& noise, const char* key, double fallback, const std::string& file) {
  const double v = number(noise, key, fallback, file);
  if (!(v >= 0.0) || v != std::floor(v) || v > 4294967295.0) unusable(file, key, "must be a whole number ≥ 0");
  return v;
}

}  // namespace

std::string noiseMethodName(NoiseMethod method) { return method == NoiseMethod::Portions ? "portions" : "elements"; }

std::optional<NoiseMethod> noiseMethodFromName(const std::string& name) {
  if (name == "elements") return NoiseMethod::Elements;
  if (name == "portions") return NoiseMethod::Portions;
  return std::nullopt;
}

NoiseSettings NoiseSettings::fromSettings(const Settings& settings, const std::string& file) {
  NoiseSettings s;
  if (!settings.extra.contains("noise")) return s;
  const Json& noise = settings.extra["noise"];
  if (!noise.is_object()) throw ModelError(Diagnostic{file, "", "", "setting noise must be an object"});
  if (noise.contains("envelope")) {
    if (!noise["envelope"].is_boolean()) unusable(file, "envelope", "must be true or false");
    s.envelope = noise["envelope"].get<bool>();
  }
  s.relinearizationTolerance = number(noise, "relinearization_tolerance", s.relinearizationTolerance, file);
  if (!(s.relinearizationTolerance > 0.0)) unusable(file, "relinearization_tolerance", "must be > 0");
  s.monteCarloRuns = static_cast<int>(std::min(count(noise, "monte_carlo_runs", s.monteCarloRuns, file), 1e9));
  s.seed = static_cast<unsigned>(count(noise, "seed", s.seed, file));
  s.sigmaFactor = number(noise, "sigma_factor", s.sigmaFactor, file);
  if (!(s.sigmaFactor > 0.0)) unusable(file, "sigma_factor", "must be > 0");
  if (noise.contains("method")) {
    const std::optional<NoiseMethod> method =
        noise["method"].is_string() ? noiseMethodFromName(noise["method"].get<std::string>()) : std::nullopt;
    if (!method) unusable(file, "method", "must be \"elements\" or \"portions\"");
    s.method = *method;
  }
  return s;
}

void NoiseSettings::writeTo(Settings& settings) const {
  if (!settings.extra.contains("noise") && *this == NoiseSettings{}) return;
  Json& noise = settings.extra["noise"];
  if (!noise.is_object()) noise = Json::object();
  noise["envelope"] = envelope;
  noise["relinearization_tolerance"] = relinearizationTolerance;
  noise["monte_carlo_runs"] = monteCarloRuns;
  noise["seed"] = seed;
  noise["sigma_factor"] = sigmaFactor;
  noise["method"] = noiseMethodName(method);
}

}  // namespace kelvin::core
