#include "run/partition_analysis.h"

#include <map>
#include <numbers>

#include "elaborate/elaborator.h"
#include "noise/noise_portions.h"
#include "noise/portion_characterization.h"
#include "run/analysis_cancelled.h"

namespace kelvin::core {

std::vector<PortionReport> partitionWithNoise(const Model& model, const BlockRegistry& registry,
                                              const std::string& file, const std::vector<double>& frequencies,
                                              double z0, const std::atomic<bool>* cancel) {
  // The portions as the model runs (its trivial equations folded, as the counts report them), and
  // the same portions over the model with its aliases kept, where every port keeps its through
  // unknown for the characterisation (the grouping looks at blocks and nodes only: the same).
  const Elaborator elaborator(registry, file);
  const FlatSystem flat = elaborator.elaborate(model);
  const FlatSystem network = elaborator.elaborate(model, false);
  std::map<std::vector<std::string>, Portion> unreduced;
  for (Portion& p : partitionNetwork(network)) unreduced.emplace(p.elements, std::move(p));
  const std::vector<std::vector<int>> readers = unknownReaders(network);
  std::vector<PortionReport> reports;
  for (Portion& portion : partitionNetwork(flat)) {
    throwIfCancelled(cancel);
    PortionReport report;
    auto same = unreduced.find(portion.elements);
    if (!portion.ports.empty() && same != unreduced.end()) {
      try {
        const PortionCharacterization c(network, readers, same->second, portionName(portion));
        for (int node : c.portNodes()) {
          std::string name;
          for (const std::string& member : network.nodes[static_cast<std::size_t>(node)].members)
            name += (name.empty() ? "" : ", ") + member;
          report.noisePorts.push_back(name);
        }
        if (c.portCount() == 0) report.note = "its ports are all reference nodes";
        for (double f : frequencies) {
          if (c.portCount() == 0) break;
          throwIfCancelled(cancel);
          const PortNoise at = c.at(2.0 * std::numbers::pi * f, z0);
          report.noise.push_back({f, at.z0, at.waves.scattering, at.waves.correlation});
        }
      } catch (const PortionNotCharacterised& e) {
        report.noise.clear();
        report.note = e.what();
      }
    }
    report.portion = std::move(portion);
    reports.push_back(std::move(report));
  }
  return reports;
}

}  // namespace kelvin::core
