#pragma once
// Small models for the noise tests, as .kelvin JSON texts, and the physical
// constants their closed forms use.

#include <string>

namespace kelvin::test {

inline constexpr double kBoltzmann = 1.380649e-23;  // J/K
inline constexpr double kTemperature = 300.0;       // K, set in every model below

/// V1 (1 V) – R1 – C1 to ground, a noise sensor NS across C1, a Gain of 10 after it.
inline std::string rcLowpass(const std::string& r = "1k", const std::string& c = "1n", const std::string& stop = "20u",
                             const std::string& step = "100n") {
  return R"({"format": "kelvin-model", "version": 1, "name": "rc",
    "settings": {"stop_time": ")" + stop + R"(", "step": ")" + step + R"(", "temperature": 300, "rtol": 1e-8, "atol": 1e-12},
    "blocks": [
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": ")" + r + R"("}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": ")" + c + R"("}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor"},
      {"id": "K", "type": "signal.Gain", "params": {"k": "10"}}],
    "connections": [
      {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p"}, {"from": "C1.n", "to": "G.p"},
      {"from": "V1.n", "to": "G.p"}, {"from": "NS.p", "to": "C1.p"}, {"from": "NS.n", "to": "G.p"},
      {"from": "NS.y", "to": "K.u"}]})";
}

}  // namespace kelvin::test
