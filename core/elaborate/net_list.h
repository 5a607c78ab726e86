#pragma once
// The connectivity of a model with its subsystems flattened: the component
// instances (with path ids such as "Sub1/R1"), their ports (members), and the
// nets, each the set of component ports joined by connections (through
// subsystem boundary ports). Ports are numbered, not looked up by name: an
// instance's ports are the members firstMember .. firstMember + memberCount − 1,
// in the order of expandPorts. Used by Elaborator; throws ModelError for what
// validation should have caught (unknown type or port, duplicate id, two drivers,
// mixed domains).

#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "elaborate/component_type.h"
#include "model/model.h"
#include "model/parameter_evaluator.h"

namespace kelvin::core {

class BlockRegistry;

class NetList {
 public:
  struct Instance {
    std::string id;  // path id
    const ComponentType* type = nullptr;
    const Block* block = nullptr;           // observed; valid while the model is
    const ParameterScope* scope = nullptr;  // where its parameter texts are evaluated
    int variadicCount = 0;
    int firstMember = 0;  // index in members() of its first port
    int memberCount = 0;
  };
  /// A port of an instance; its name, "<instance id>.<port>", is made on request (key()): a
  /// large model has hundreds of thousands, and the names are copied where they are kept anyway.
  struct Member {
    int instance = -1;
    int copy = 0;  // k of the k-th copy of a variadic port (its name is the port's and k), else 0
    const PortDecl* port = nullptr;
  };
  struct Net {
    Domain domain = Domain::Signal;
    std::vector<int> members;  // indices in members(), in member order
  };

  NetList(const BlockRegistry& registry, std::string file);

  /// Adds the blocks and connections of the model's top level, and of its subsystems
  /// (inner ids get the prefix "Sub1/"). `scope` must outlive the NetList.
  void addModel(const std::vector<Block>& blocks, const std::vector<Connection>& connections,
                const ParameterScope& scope);
  /// Groups the ports into nets. Call once, after addModel.
  void finish();

  const std::vector<Instance>& instances() const { return instances_; }
  /// Every port of every instance, instance by instance.
  const std::vector<Member>& members() const { return members_; }
  const std::vector<Net>& nets() const { return nets_; }
  /// The member index of port `name` of instance `instance`, or -1 if it has none of that name.
  int memberOf(int instance, std::string_view name) const;
  /// The output port driving a signal net, or nullptr if it has none.
  const Member* driverOf(const Net& net) const;
  /// "<instance id>.<port>": the name of member `m`, as results and messages show it.
  std::string key(const Member& m) const;
  /// The port's name alone ("n", "u2").
  static std::string portName(const Member& m);

 private:
  /// Boundary ports of one subsystem: name -> union-find slot.
  using BoundaryPorts = std::map<std::string, int, std::less<>>;

  void addDiagram(const std::vector<Block>& blocks, const std::vector<Connection>& connections,
                  const std::string& prefix, const ParameterScope& scope, BoundaryPorts* ownerPorts);
  int newSlot();
  int find(int k);
  void join(int a, int b);
  [[noreturn]] void fail(const std::string& block, const std::string& port, const std::string& message) const;

  const BlockRegistry& registry_;
  std::string file_;
  std::vector<Instance> instances_;
  std::vector<Member> members_;
  std::vector<int> memberSlot_;  // union-find slot of each member
  std::vector<Net> nets_;
  std::deque<ParameterScope> subsystemScopes_;
  std::deque<BoundaryPorts> subsystemPorts_;
  std::vector<int> parent_;  // union-find over slots: members' and boundary ports'
};

}  // namespace kelvin::core
