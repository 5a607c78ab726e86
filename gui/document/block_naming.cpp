#include "document/block_naming.h"

#include <cctype>
#include <map>

namespace kelvin::gui {

std::string idPrefixForType(const std::string& type) {
  static const std::map<std::string, std::string> kPrefixes = {
      {"electrical.Resistor", "R"},       {"electrical.Capacitor", "C"},     {"electrical.Inductor", "L"},
      {"electrical.Ground", "G"},         {"electrical.VoltageSource", "V"}, {"electrical.SineVoltage", "V"},
      {"electrical.PulseVoltage", "V"},   {"electrical.SignalVoltage", "V"}, {"electrical.CurrentSource", "I"}, {"electrical.SineCurrent", "I"}, {"electrical.PulseCurrent", "I"},
      {"electrical.Diode", "D"},          {"electrical.Switch", "S"},        {"electrical.OpAmp", "U"},
      {"electrical.VoltageSensor", "VS"}, {"electrical.CurrentSensor", "AS"}, {"Subsystem", "Sub"},
  };
  const auto it = kPrefixes.find(type);
  if (it != kPrefixes.end()) return it->second;
  const auto dot = type.find('.');
  std::string name = dot == std::string::npos ? type : type.substr(dot + 1);
  return isValidId(name) ? name : std::string("B");
}

std::string uniqueId(const std::string& wanted, const std::function<bool(const std::string&)>& taken) {
  if (!wanted.empty() && !taken(wanted)) return wanted;
  std::string prefix = wanted;
  while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back()))) prefix.pop_back();
  if (prefix.empty()) prefix = "B";
  for (int n = 1;; ++n) {
    std::string id = prefix + std::to_string(n);
    if (!taken(id)) return id;
  }
}

std::set<std::string> idsOf(const std::vector<core::Block>& blocks) {
  std::set<std::string> ids;
  for (const core::Block& b : blocks) ids.insert(b.id);
  return ids;
}

bool isValidId(const std::string& id) {
  if (id.empty()) return false;
  const auto first = static_cast<unsigned char>(id.front());
  if (!std::isalpha(first) && first != '_') return false;
  for (char ch : id) {
    const auto c = static_cast<unsigned char>(ch);
    if (!std::isalnum(c) && c != '_') return false;
  }
  return true;
}

}  // namespace kelvin::gui
