#pragma once
// The fields of one block: its id and each parameter with its unit. Checks
// as the user types: the id must be a valid name not used by another block
// of the level; a number must evaluate (core::evaluateNumber, with SI
// prefixes and the model's variables) and lie within the declared bounds;
// vectors and matrices must parse. Below each field: the value it evaluates
// to ("= 1 kΩ") or what is wrong, in red. Used by the inspector (each field
// applied when edited) and by the parameter dialog (applied on OK). A field
// whose text is refused keeps it, red, until the user fixes it or reverts it
// with Esc, even when the model changes underneath.

#include <map>
#include <set>
#include <string>
#include <vector>

#include <QWidget>

#include "elaborate/component_type.h"
#include "model/model.h"
#include "model/parameter_evaluator.h"

class QFormLayout;
class QGridLayout;
class QLabel;
class QLineEdit;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class ParameterForm : public QWidget {
  Q_OBJECT

 public:
  explicit ParameterForm(const core::BlockRegistry& registry, QWidget* parent = nullptr);

  /// Shows `block`; `otherIds` are the ids of the other blocks of its level; `scope` the names it may use.
  void setBlock(const core::Block& block, std::set<std::string> otherIds, core::ParameterScope scope);
  /// Updates the texts of the fields not being edited (the model changed underneath).
  void refresh(const core::Block& block, std::set<std::string> otherIds, core::ParameterScope scope);

  const std::string& blockId() const { return blockId_; }
  /// The texts in the fields, by parameter name.
  std::map<std::string, std::string> values() const;
  QString idText() const;
  /// True when the id and every field are acceptable.
  bool isValid() const;

  QLineEdit* idField() const { return idEdit_; }
  /// The field of a parameter, or nullptr.
  QLineEdit* field(const std::string& name) const;
  /// The message under a field (empty id: under the id field).
  QString message(const std::string& name) const;

  /// The problem with `text` for `decl`, or an empty string; `value` receives "= 1 kΩ" when fine.
  static QString check(const core::ParamDecl& decl, const std::string& text, const core::ParameterScope& scope,
                       QString* value = nullptr);

 signals:
  /// A field was edited (Enter or focus left) and its new text is valid.
  void parameterEdited(const std::string& name, const std::string& value);
  void idEdited(const std::string& id);
  /// Validity changed as the user typed.
  void validityChanged(bool valid);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Row {
    std::string name;
    const core::ParamDecl* decl = nullptr;  // nullptr: a Subsystem's parameter (a plain number)
    QLineEdit* edit = nullptr;
    QLabel* message = nullptr;
    std::string committed;
  };
  void clear();
  void validate(Row& row);
  void validateId();
  void showMessage(QLabel* label, const QString& problem, const QString& value);

  const core::BlockRegistry& registry_;
  QLabel* title_;
  QLabel* description_;
  QGridLayout* grid_;
  QLineEdit* idEdit_ = nullptr;
  QLabel* idMessage_ = nullptr;
  std::vector<Row> rows_;
  std::vector<core::ParamDecl> subsystemDecls_;
  std::string blockId_, blockType_;
  std::set<std::string> otherIds_;
  core::ParameterScope scope_;
  bool valid_ = true;
};

}  // namespace kelvin::gui
