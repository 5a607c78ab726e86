#pragma once
// The SPICE `.model` cards Kelvin translates, and how: the Kelvin block type of each
// device kind (D → electrical.Diode, NPN/PNP → electrical.BJT, NMOS/PMOS → electrical.MOSFET,
// NJF/PJF → electrical.JFET), which SPICE parameters
// become which block parameters (scaled by the element's area factor where SPICE
// scales them), and which other parameters SPICE knows (reported as not supported).
// A parameter SPICE does not know for that kind is an error.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kelvin::core {

struct SpiceDeviceModel {
  std::string name;                      // lower case, as elements refer to it
  std::string kind;                      // "d", "npn", "pnp", "nmos", "pmos", "njf", "pjf"
  std::map<std::string, double> values;  // SPICE parameter (lower case, aliases resolved) -> value
  std::string origin;                    // "file.cir:12"
};

/// What a `.model` card's kind translates to; nullopt for a kind Kelvin does not translate.
struct SpiceDeviceKind {
  std::string blockType;
  /// SPICE parameter -> Kelvin parameter, and how the area factor applies: +1 multiplies, −1 divides, 0 none.
  struct Translation {
    std::string param;
    int area = 0;
  };
  std::map<std::string, Translation> translated;
  std::vector<std::string> known;              // SPICE parameters not translated (reported)
  std::map<std::string, std::string> aliases;  // other SPICE spellings: "va" -> "vaf"
  std::map<std::string, std::string> fixed;    // Kelvin parameters the kind sets: polarity
};

std::optional<SpiceDeviceKind> spiceDeviceKind(const std::string& kind);

/// The block parameters of a device of `model` with area factor `area`; TNOM (°C in SPICE)
/// becomes kelvin. `tnomCelsius` is the netlist's `.options tnom` when the card gives none.
std::map<std::string, double> spiceDeviceParams(const SpiceDeviceModel& model, const SpiceDeviceKind& kind, double area,
                                                std::optional<double> tnomCelsius);

}  // namespace kelvin::core
