#include "structure/matching.h"

#include <limits>
#include <queue>

namespace kelvin::core {

namespace {
constexpr int kInfinity = std::numeric_limits<int>::max();

/// Hopcroft–Karp: BFS layers from free equations, then vertex-disjoint
/// shortest augmenting paths by DFS (iterative, so deep graphs are safe).
class HopcroftKarp {
 public:
  explicit HopcroftKarp(const Incidence& g)
      : g_(g), m_{std::vector<int>(g.unknownsOf.size(), -1), std::vector<int>(g.unknownCount, -1), 0} {}

  Matching run() {
    // Greedy start: cheap and usually most of the matching.
    for (std::size_t e = 0; e < g_.unknownsOf.size(); ++e)
      for (int u : g_.unknownsOf[e])
        if (m_.equationOfUnknown[u] < 0) {
          match(static_cast<int>(e), u);
          break;
        }
    while (layer())
      for (std::size_t e = 0; e < g_.unknownsOf.size(); ++e)
        if (m_.unknownOfEquation[e] < 0) augment(static_cast<int>(e));
    return m_;
  }

 private:
  void match(int e, int u) {
    m_.unknownOfEquation[e] = u;
    m_.equationOfUnknown[u] = e;
    ++m_.size;
  }

  bool layer() {
    dist_.assign(g_.unknownsOf.size(), kInfinity);
    std::queue<int> queue;
    for (std::size_t e = 0; e < g_.unknownsOf.size(); ++e)
      if (m_.unknownOfEquation[e] < 0) {
        dist_[e] = 0;
        queue.push(static_cast<int>(e));
      }
    bool found = false;
    while (!queue.empty()) {
      const int e = queue.front();
      queue.pop();
      for (int u : g_.unknownsOf[e]) {
        const int next = m_.equationOfUnknown[u];
        if (next < 0) {
          found = true;
        } else if (dist_[next] == kInfinity) {
          dist_[next] = dist_[e] + 1;
          queue.push(next);
        }
      }
    }
    return found;
  }

  void augment(int start) {
    struct Frame {
      int equation;
      std::size_t next;
    };
    std::vector<Frame> path{{start, 0}};
    while (!path.empty()) {
      Frame& f = path.back();
      const auto& adj = g_.unknownsOf[f.equation];
      if (f.next == adj.size()) {
        dist_[f.equation] = kInfinity;  // dead end: never try it again in this phase
        path.pop_back();
        continue;
      }
      const int u = adj[f.next++];
      const int owner = m_.equationOfUnknown[u];
      if (owner < 0) {
        // Flip the path: each equation on it takes the unknown it reached next.
        int free = u;
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
          const int previous = m_.unknownOfEquation[it->equation];
          m_.unknownOfEquation[it->equation] = free;
          m_.equationOfUnknown[free] = it->equation;
          free = previous;
        }
        ++m_.size;
        return;
      }
      if (dist_[owner] == dist_[f.equation] + 1) path.push_back({owner, 0});
    }
  }

  const Incidence& g_;
  Matching m_;
  std::vector<int> dist_;
};
}  // namespace

Matching maximumMatching(const Incidence& graph) { return HopcroftKarp(graph).run(); }

Deficiency structuralDeficiency(const Incidence& graph, const Matching& matching) {
  Deficiency d;
  const std::size_t equations = graph.unknownsOf.size();
  // Over-determined: equations reachable from a free equation by alternating paths.
  std::vector<bool> seenEquation(equations, false), seenUnknown(graph.unknownCount, false);
  std::queue<int> queue;
  for (std::size_t e = 0; e < equations; ++e)
    if (matching.unknownOfEquation[e] < 0) {
      seenEquation[e] = true;
      queue.push(static_cast<int>(e));
    }
  while (!queue.empty()) {
    const int e = queue.front();
    queue.pop();
    d.overEquations.push_back(e);
    for (int u : graph.unknownsOf[e]) {
      if (seenUnknown[u]) continue;
      seenUnknown[u] = true;
      d.overUnknowns.push_back(u);
      const int next = matching.equationOfUnknown[u];
      if (next >= 0 && !seenEquation[next]) {
        seenEquation[next] = true;
        queue.push(next);
      }
    }
  }
  // Under-determined: unknowns reachable from a free unknown by alternating paths.
  std::vector<std::vector<int>> equationsOf(graph.unknownCount);
  for (std::size_t e = 0; e < equations; ++e)
    for (int u : graph.unknownsOf[e]) equationsOf[u].push_back(static_cast<int>(e));
  std::vector<bool> seenU(graph.unknownCount, false), seenE(equations, false);
  std::queue<int> unknowns;
  for (int u = 0; u < graph.unknownCount; ++u)
    if (matching.equationOfUnknown[u] < 0) {
      seenU[u] = true;
      unknowns.push(u);
    }
  while (!unknowns.empty()) {
    const int u = unknowns.front();
    unknowns.pop();
    d.underUnknowns.push_back(u);
    for (int e : equationsOf[u]) {
      if (seenE[e]) continue;
      seenE[e] = true;
      d.underEquations.push_back(e);
      const int next = matching.unknownOfEquation[e];
      if (next >= 0 && !seenU[next]) {
        seenU[next] = true;
        unknowns.push(next);
      }
    }
  }
  return d;
}

}  // namespace kelvin::core
