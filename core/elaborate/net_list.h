#pragma once
// The connectivity of a model with its subsystems flattened: the component
// instances (with path ids such as "Sub1/R1") and the nets, each the set of
// component ports joined by connections (through subsystem boundary ports).
// Used by Elaborator; throws ModelError for what validation should have
// caught (unknown type or port, two drivers, mixed domains).

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "elaborate/component_type.h"
#include "model/model.h"
#include "model/parameter_evaluator.h"

namespace kelvin::core {

class BlockRegistry;

class NetList {
 public:
  struct Instance {
    std::string id;                  // path id
    const ComponentType* type = nullptr;
    const Block* block = nullptr;    // observed; valid while the model is
    const ParameterScope* scope = nullptr;  // where its parameter texts are evaluated
    int variadicCount = 0;
  };
  struct Member {
    std::string key;  // "<instance id>.<port>"
    int instance = -1;
    const PortDecl* port = nullptr;
  };
  struct Net {
    Domain domain = Domain::Signal;
    std::vector<Member> members;
  };

  NetList(const BlockRegistry& registry, std::string file);

  /// Adds the blocks and connections of one diagram level. `prefix` is "" at the
  /// top and "Sub1/" inside subsystem Sub1; `scope` must outlive the NetList.
  void addDiagram(const std::vector<Block>& blocks, const std::vector<Connection>& connections,
                  const std::string& prefix, const ParameterScope& scope);
  /// Groups the ports into nets. Call once, after the last addDiagram.
  void finish();

  const std::vector<Instance>& instances() const { return instances_; }
  const std::vector<Net>& nets() const { return nets_; }
  /// The output port driving a signal net, or nullptr if it has none.
  const Member* driverOf(const Net& net) const;

 private:
  int keyIndex(const std::string& key);
  int find(int k);
  void join(const std::string& a, const std::string& b);
  [[noreturn]] void fail(const std::string& block, const std::string& port, const std::string& message) const;

  const BlockRegistry& registry_;
  std::string file_;
  std::vector<Instance> instances_;
  std::vector<Net> nets_;
  std::deque<ParameterScope> subsystemScopes_;
  std::map<std::string, int> keys_;
  std::vector<int> parent_;
  std::vector<Member> members_;  // component ports; boundary ports are not members
};

}  // namespace kelvin::core
