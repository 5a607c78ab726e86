#pragma once
// The partition of a model's physical network as the façade offers it (DESIGN.md,
// "Noise"): its portions (structure/partitioner.h) and, for every linear portion
// with ports, its noise at the ports — the noise-wave correlation
// C_s = kT(I − S·S†) at each frequency asked for (Bosma's theorem;
// noise/portion_characterization.h). Where Bosma's theorem does not hold, or the
// portion is nonlinear, a note says why instead. The CLI (`kelvin-cli partition`)
// and the GUI's partition view both use it.

#include <atomic>
#include <complex>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "model/model.h"
#include "structure/partitioner.h"

namespace kelvin::core {

class BlockRegistry;

/// One portion's noise at its ports at one frequency.
struct PortNoiseCorrelation {
  double frequencyHz = 0.0;
  double referenceImpedance = 0.0;  // z0 of the waves, in the ports' across/through units
  Eigen::MatrixXcd scattering;      // S
  Eigen::MatrixXcd correlation;     // C_s = kT(I − S·S†), one-sided, W/Hz
};

struct PortionReport {
  Portion portion;
  std::vector<std::string> noisePorts;      // the ports C_s is over (reference nodes are none)
  std::vector<PortNoiseCorrelation> noise;  // per frequency; empty where `note` says why
  std::string note;
};

/// The portions of `model` and their noise at `frequencies` (Hz, > 0) with reference impedance
/// z0 (> 0; 0: per portion 1/mean|Y_ii| at each frequency). Throws ModelError as the elaboration
/// does; AnalysisCancelled (run/analysis_cancelled.h) once *cancel is set, checked per portion
/// and frequency.
std::vector<PortionReport> partitionWithNoise(const Model& model, const BlockRegistry& registry,
                                              const std::string& file, const std::vector<double>& frequencies,
                                              double z0 = 0.0, const std::atomic<bool>* cancel = nullptr);

}  // namespace kelvin::core
