#include "noise/portion_characterization.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <sstream>

namespace kelvin::core {

namespace {

/// T·α reproduces the port sources to rounding where they lie in the range of T.
constexpr double kInjectionTolerance = 1e-8;

std::string blockOfMember(const std::string& member) { return member.substr(0, member.rfind('.')); }

}  // namespace

std::vector<std::vector<int>> unknownReaders(const FlatSystem& network) {
  std::vector<std::vector<int>> readers(network.unknowns.size());
  for (std::size_t e = 0; e < network.equations.size(); ++e) {
    const Tape tape(*network.pool, network.equations[e].residual, {});
    for (const TapeLeaf& leaf : tape.leaves()) {
      std::vector<int>& list = readers[static_cast<std::size_t>(leaf.index)];
      if (list.empty() || list.back() != static_cast<int>(e)) list.push_back(static_cast<int>(e));
    }
  }
  return readers;
}

PortionCharacterization::PortionCharacterization(const FlatSystem& network,
                                                 const std::vector<std::vector<int>>& readers, const Portion& portion,
                                                 std::string name)
    : network_(&network), name_(std::move(name)) {
  std::vector<bool> inPortion(network.blocks.size(), false);
  for (int b : portion.blocks) inPortion[static_cast<std::size_t>(b)] = true;
  std::map<std::string, int> blockIndex;
  for (std::size_t b = 0; b < network.blocks.size(); ++b) blockIndex[network.blocks[b].id] = static_cast<int>(b);
  auto memberInside = [&](const std::string& member) {
    auto it = blockIndex.find(blockOfMember(member));
    return it != blockIndex.end() && inPortion[static_cast<std::size_t>(it->second)];
  };
  // The point the linear equations are differentiated at: any (the starts).
  std::vector<double> y, yp(network.unknowns.size(), 0.0), d;
  for (const FlatUnknown& u : network.unknowns) y.push_back(u.start);
  for (const FlatDiscrete& v : network.discretes) d.push_back(v.start);
  for (const FlatParameter& p : network.parameters) d[static_cast<std::size_t>(p.discrete)] = p.value;
  const EvalPoint at{0.0, y.data(), yp.data(), d.data(), nullptr};
  std::vector<double> work;

  for (std::size_t k = 0; k < network.noiseSources.size(); ++k) {
    const FlatNoiseSource& source = network.noiseSources[k];
    if (source.block < 0 || !inPortion[static_cast<std::size_t>(source.block)]) continue;
    const std::string& block = network.blocks[static_cast<std::size_t>(source.block)].id;
    if (source.psd.node().hasUnknown)
      throw PortionNotCharacterised(
          name_ + ": the level of " + source.name + " (block " + block +
          ") follows the operating point (as shot noise does), so Bosma's theorem does not hold");
    if (source.flickerCorner > 0.0)
      throw PortionNotCharacterised(name_ + ": " + source.name + " (block " + block +
                                    ") has flicker noise, so Bosma's theorem does not hold");
    const Tape tape(*network.pool, source.psd, {});
    work.resize(tape.size());
    sources_.push_back(static_cast<int>(k));
    sourcePsd_.push_back(std::max(0.0, tape.evaluate(at, work.data())));
  }

  if (!portion.linear)
    throw PortionNotCharacterised(name_ +
                                  " is nonlinear: the portion method characterises linear portions only "
                                  "(its scattering matrix would follow the operating point)");
  // Its rows: its elements' equations and the conservation laws of the nodes inside it.
  std::vector<int> conservation(network.nodes.size(), -1);
  for (std::size_t e = 0; e < network.equations.size(); ++e)
    if (network.equations[e].node >= 0)
      conservation[static_cast<std::size_t>(network.equations[e].node)] = static_cast<int>(e);
  std::vector<bool> inside(network.nodes.size(), false);
  for (std::size_t k = 0; k < network.nodes.size(); ++k) {
    const auto& members = network.nodes[k].members;
    inside[k] = !members.empty() && std::all_of(members.begin(), members.end(), memberInside);
  }
  for (std::size_t e = 0; e < network.equations.size(); ++e) {
    const FlatEquation& eq = network.equations[e];
    if ((eq.block >= 0 && inPortion[static_cast<std::size_t>(eq.block)]) ||
        (eq.block < 0 && eq.node >= 0 && inside[static_cast<std::size_t>(eq.node)]))
      rows_.push_back(static_cast<int>(e));
  }
  // Its ports: shared nodes whose potential is free (a reference node is no port), and there
  // the through unknowns of its own members (the port current is their sum).
  std::map<int, int> portOfUnknown;  // pin through → port
  std::vector<int> potentialPort(network.unknowns.size(), -1);
  for (int k : portion.portNodes) {
    const FlatNode& node = network.nodes[static_cast<std::size_t>(k)];
    if (node.referenced || !node.across.isVariable() || conservation[static_cast<std::size_t>(k)] < 0) continue;
    const int port = static_cast<int>(portNodes_.size());
    portNodes_.push_back(k);
    potentials_.push_back(node.across.node().index);
    potentialPort[static_cast<std::size_t>(node.across.node().index)] = port;
    const Tape law(*network.pool,
                   network.equations[static_cast<std::size_t>(conservation[static_cast<std::size_t>(k)])].residual, {});
    for (const TapeLeaf& leaf : law.leaves()) {
      const int owner = network.unknowns[static_cast<std::size_t>(leaf.index)].block;
      if (owner >= 0 && inPortion[static_cast<std::size_t>(owner)]) portOfUnknown[leaf.index] = port;
    }
  }

  // The Jacobians of its rows (constant: its equations are linear).
  std::vector<int> column(network.unknowns.size(), -1);
  std::vector<int> sourceColumn(network.discretes.size(), -1);
  for (std::size_t s = 0; s < sources_.size(); ++s)
    sourceColumn[static_cast<std::size_t>(network.noiseSources[static_cast<std::size_t>(sources_[s])].discrete)] =
        static_cast<int>(s);
  std::vector<double> adjoint, gradient, dd(std::max<std::size_t>(network.discretes.size(), 1)),
      de(std::max<std::size_t>(network.delays.size(), 1));
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const Tape tape(*network.pool, network.equations[static_cast<std::size_t>(rows_[r])].residual, {});
    work.resize(tape.size());
    adjoint.resize(tape.size());
    gradient.resize(tape.size());
    std::fill(dd.begin(), dd.end(), 0.0);
    tape.fullGradient(at, work.data(), adjoint.data(), gradient.data(), dd.data(), de.data());
    const auto row = static_cast<int>(r);
    for (std::size_t l = 0; l < tape.leaves().size(); ++l) {
      const TapeLeaf& leaf = tape.leaves()[l];
      if (gradient[l] == 0.0) continue;
      const int port = potentialPort[static_cast<std::size_t>(leaf.index)];
      if (port >= 0 && !leaf.derivative) {
        jv_.emplace_back(row, port, gradient[l]);
        continue;
      }
      int& c = column[static_cast<std::size_t>(leaf.index)];
      if (c < 0) {
        c = static_cast<int>(unknowns_.size());
        unknowns_.push_back(leaf.index);
        auto pin = portOfUnknown.find(leaf.index);
        portOfPin_.push_back(pin == portOfUnknown.end() ? -1 : pin->second);
      }
      (leaf.derivative ? jyp_ : jy_).emplace_back(row, c, gradient[l]);
      if (leaf.derivative) memoryless_ = false;
    }
    for (std::size_t k = 0; k < dd.size(); ++k)
      if (dd[k] != 0.0 && sourceColumn[k] >= 0) jn_.emplace_back(row, sourceColumn[k], dd[k]);
  }
  // The rest must see its noise through its ports alone: no equation outside reads an inner unknown
  // (a reference node's conservation law aside: it only gives the reference's own through value;
  // and a reference node's potential, fixed whatever the noise, may be read anywhere).
  std::vector<bool> own(network.equations.size(), false);
  for (int r : rows_) own[static_cast<std::size_t>(r)] = true;
  std::vector<bool> fixed(network.unknowns.size(), false);
  for (std::size_t e = 0; e < network.equations.size(); ++e) {
    const int node = network.equations[e].node;
    if (node >= 0 && network.nodes[static_cast<std::size_t>(node)].referenced) own[e] = true;
  }
  for (const FlatNode& node : network.nodes)
    if (node.referenced && node.across.isVariable()) fixed[static_cast<std::size_t>(node.across.node().index)] = true;
  for (std::size_t c = 0; c < unknowns_.size(); ++c) {
    if (portOfPin_[c] >= 0 || fixed[static_cast<std::size_t>(unknowns_[c])]) continue;
    for (int e : readers[static_cast<std::size_t>(unknowns_[c])])
      if (!own[static_cast<std::size_t>(e)])
        throw PortionNotCharacterised(name_ + ": " + network.unknowns[static_cast<std::size_t>(unknowns_[c])].name +
                                      " is read outside it (" + network.equationOrigin(e) +
                                      "), so its noise reaches the rest by another way than its ports");
  }
  if (rows_.size() != unknowns_.size()) {
    std::ostringstream os;
    os << name_ << ": its " << rows_.size() << " equations do not fix its " << unknowns_.size()
       << " unknowns from its port potentials (a port whose potential the portion fixes itself?)";
    throw PortionNotCharacterised(os.str());
  }
}

PortNoise PortionCharacterization::at(double omega, double z0) const {
  using Complex = std::complex<double>;
  const auto n = static_cast<Eigen::Index>(unknowns_.size());
  const auto m = static_cast<Eigen::Index>(portNodes_.size());
  const auto sources = static_cast<Eigen::Index>(sources_.size());
  // Kᵀ, so that one solve per port gives the rows P·K⁻¹ (P sums the pins of each port).
  std::vector<Eigen::Triplet<Complex>> entries;
  for (const auto& t : jy_) entries.emplace_back(t.col(), t.row(), Complex(t.value(), 0.0));
  for (const auto& t : jyp_) entries.emplace_back(t.col(), t.row(), Complex(0.0, omega * t.value()));
  Eigen::SparseMatrix<Complex> kt(n, n);
  kt.setFromTriplets(entries.begin(), entries.end());
  Eigen::SparseLU<Eigen::SparseMatrix<Complex>> lu;
  lu.compute(kt);
  if (lu.info() != Eigen::Success) {
    std::ostringstream os;
    os << name_ << " has no admittance at its ports at " << omega / (2.0 * std::numbers::pi)
       << " Hz (an ideal source or a lossless loop across a port)";
    throw PortionNotCharacterised(os.str());
  }
  Eigen::MatrixXcd pins = Eigen::MatrixXcd::Zero(n, m);
  for (Eigen::Index c = 0; c < n; ++c)
    if (portOfPin_[static_cast<std::size_t>(c)] >= 0) pins(c, portOfPin_[static_cast<std::size_t>(c)]) = 1.0;
  const Eigen::MatrixXcd w = lu.solve(pins);  // (P·K⁻¹)ᵀ
  auto times = [&](const std::vector<Eigen::Triplet<double>>& j, Eigen::Index columns) {
    Eigen::MatrixXcd out = Eigen::MatrixXcd::Zero(m, columns);  // −P·K⁻¹·J
    for (const auto& t : j) out.col(t.col()) -= t.value() * w.row(t.row()).transpose();
    return out;
  };
  PortNoise noise;
  noise.admittance = times(jv_, m);
  const Eigen::MatrixXcd transfer = times(jn_, sources);  // T
  const double scale = m > 0 ? noise.admittance.diagonal().cwiseAbs().mean() : 0.0;
  noise.z0 = z0 > 0.0 ? z0 : (scale > 0.0 && std::isfinite(scale) ? 1.0 / scale : 1.0);
  const double temperature = network_->temperature;
  try {
    noise.waves = bosmaNoiseWaves(noise.admittance, temperature, noise.z0, name_);
  } catch (const NotPassiveError& e) {
    throw PortionNotCharacterised(e.what());
  }
  const Eigen::MatrixXcd f = Eigen::MatrixXcd::Identity(m, m) + noise.z0 * noise.admittance;
  // j = −(1 + z0·Y)·c/√z0 for the outgoing noise waves c = R†·ξ.
  const Eigen::MatrixXcd portSources = -f * noise.waves.sources.adjoint() / std::sqrt(noise.z0);
  noise.correlation = portSources * portSources.adjoint();
  Eigen::VectorXd psd(sources);
  for (Eigen::Index k = 0; k < sources; ++k) psd(k) = sourcePsd_[static_cast<std::size_t>(k)];
  const Eigen::MatrixXcd elements = transfer * psd.asDiagonal() * transfer.adjoint();
  const double size = elements.norm();
  noise.thermalMismatch = size > 0.0 ? (noise.correlation - elements).norm() / size : 0.0;
  noise.injection = Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXcd>(transfer).solve(portSources);
  const double residual = (transfer * noise.injection - portSources).norm();
  if (residual > kInjectionTolerance * portSources.norm() + 1e-300)
    throw PortionNotCharacterised(name_ + ": its port noise cannot be injected through its element sources");
  return noise;
}

}  // namespace kelvin::core
