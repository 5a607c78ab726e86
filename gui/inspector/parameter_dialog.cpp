#include "inspector/parameter_dialog.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "canvas/commands/rename_block_command.h"
#include "canvas/commands/set_parameters_command.h"
#include "document/block_naming.h"
#include "document/level_scope.h"
#include "document/model_document.h"
#include "inspector/parameter_form.h"

namespace kelvin::gui {

ParameterDialog::ParameterDialog(ModelDocument* document, LevelPath level, std::string id, QWidget* parent)
    : QDialog(parent), document_(document), level_(std::move(level)), id_(std::move(id)),
      form_(new ParameterForm(document->registry(), this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Apply, this)) {
  setWindowTitle(tr("Parameters of %1").arg(QString::fromStdString(id_)));
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(form_);
  layout->addWidget(buttons_);
  setMinimumWidth(420);
  const ConstDiagramLevel l = document_->level(level_);
  if (const core::Block* block = l ? l.findBlock(id_) : nullptr) {
    std::set<std::string> others = idsOf(*l.blocks);
    others.erase(id_);
    form_->setBlock(*block, std::move(others), scopeForLevel(document_->model(), level_));
  }
  auto updateButtons = [this](bool valid) {
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(valid);
    buttons_->button(QDialogButtonBox::Apply)->setEnabled(valid);
  };
  updateButtons(form_->isValid());
  connect(form_, &ParameterForm::validityChanged, this, updateButtons);
  connect(buttons_, &QDialogButtonBox::accepted, this, &ParameterDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(buttons_->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, [this] { apply(); });
}

bool ParameterDialog::apply() {
  if (!form_->isValid()) return false;
  const std::string newId = form_->idText().toStdString();
  auto* parameters = new SetParametersCommand(document_, level_, id_, form_->values());
  const bool rename = newId != id_;
  if (parameters->isNoOp() && !rename) {
    delete parameters;
    return true;
  }
  QUndoStack* stack = document_->undoStack();
  stack->beginMacro(tr("Edit %1").arg(QString::fromStdString(id_)));
  if (parameters->isNoOp())
    delete parameters;
  else
    stack->push(parameters);
  if (rename) {
    stack->push(new RenameBlockCommand(document_, level_, id_, newId));
    id_ = newId;
  }
  stack->endMacro();
  const ConstDiagramLevel l = document_->level(level_);
  if (const core::Block* block = l ? l.findBlock(id_) : nullptr) {
    std::set<std::string> others = idsOf(*l.blocks);
    others.erase(id_);
    form_->setBlock(*block, std::move(others), scopeForLevel(document_->model(), level_));
  }
  return true;
}

void ParameterDialog::accept() {
  if (apply()) QDialog::accept();
}

}  // namespace kelvin::gui
