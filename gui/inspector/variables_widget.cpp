#include "inspector/variables_widget.h"

#include <set>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QTableWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "canvas/commands/set_variables_command.h"
#include "document/model_document.h"
#include "document/quantity_format.h"
#include "model/parameter_evaluator.h"

namespace kelvin::gui {

VariablesWidget::VariablesWidget(ModelDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), table_(new QTableWidget(0, 3, this)) {
  table_->setHorizontalHeaderLabels({tr("Name"), tr("Value"), tr("Evaluates to")});
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  auto* add = new QToolButton(this);
  add->setText(QStringLiteral("+"));
  add->setToolTip(tr("Add a variable"));
  auto* remove = new QToolButton(this);
  remove->setText(QStringLiteral("−"));
  remove->setToolTip(tr("Remove the selected variables"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(table_);
  layout->addLayout(buttons);
  connect(add, &QToolButton::clicked, this, &VariablesWidget::addVariable);
  connect(remove, &QToolButton::clicked, this, &VariablesWidget::removeSelected);
  connect(table_, &QTableWidget::itemChanged, this, &VariablesWidget::commitCell);
  connect(document_, &ModelDocument::variablesChanged, this, &VariablesWidget::reload);
  connect(document_, &ModelDocument::modelReset, this, &VariablesWidget::reload);
  reload();
}

void VariablesWidget::reload() {
  loading_ = true;
  const std::vector<core::Variable>& variables = document_->model().variables;
  table_->setRowCount(static_cast<int>(variables.size()));
  // Evaluate in order, as the engine does, to show each one's value or problem.
  core::ParameterScope scope;
  std::set<std::string> seen;
  for (int row = 0; row < static_cast<int>(variables.size()); ++row) {
    const core::Variable& v = variables[static_cast<std::size_t>(row)];
    table_->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(v.name)));
    table_->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(v.value)));
    auto* result = new QTableWidgetItem;
    result->setFlags(Qt::ItemIsEnabled);
    try {
      if (!seen.insert(v.name).second) throw std::runtime_error("defined twice");
      const double value = core::evaluateNumber(v.value, "", scope);
      scope.set(v.name, value);
      result->setText(formatSi(value, {}));
      result->setForeground(QColor(0x5f, 0x6b, 0x7a));
    } catch (const std::exception& e) {
      result->setText(QString::fromUtf8(e.what()));
      result->setForeground(QColor(0xc6, 0x28, 0x28));
    }
    table_->setItem(row, 2, result);
  }
  loading_ = false;
}

void VariablesWidget::commitCell(QTableWidgetItem* item) {
  if (loading_ || item->column() > 1) return;
  std::vector<core::Variable> variables = document_->model().variables;
  const auto row = static_cast<std::size_t>(item->row());
  if (row >= variables.size()) return;
  const std::string text = item->text().trimmed().toStdString();
  std::string& field = item->column() == 0 ? variables[row].name : variables[row].value;
  if (field == text) return;
  field = text;
  document_->undoStack()->push(new SetVariablesCommand(
      document_, std::move(variables),
      tr("Set variable %1").arg(QString::fromStdString(document_->model().variables[row].name))));
}

void VariablesWidget::addVariable() {
  std::vector<core::Variable> variables = document_->model().variables;
  std::set<std::string> names;
  for (const core::Variable& v : variables) names.insert(v.name);
  std::string name;
  for (int k = 0; name.empty() || names.count(name); ++k)
    name = k < 26 ? std::string(1, static_cast<char>('a' + k)) : "v" + std::to_string(k - 25);
  core::Variable variable;
  variable.name = name;
  variable.value = "0";
  variables.push_back(variable);
  document_->undoStack()->push(
      new SetVariablesCommand(document_, std::move(variables), tr("Add variable %1").arg(QString::fromStdString(name))));
  table_->setCurrentCell(table_->rowCount() - 1, 0);
}

void VariablesWidget::removeSelected() {
  std::set<int> rows;
  for (const QModelIndex& index : table_->selectionModel()->selectedRows()) rows.insert(index.row());
  if (rows.empty() && table_->currentRow() >= 0) rows.insert(table_->currentRow());
  if (rows.empty()) return;
  std::vector<core::Variable> variables;
  const std::vector<core::Variable>& current = document_->model().variables;
  for (int row = 0; row < static_cast<int>(current.size()); ++row)
    if (!rows.count(row)) variables.push_back(current[static_cast<std::size_t>(row)]);
  document_->undoStack()->push(new SetVariablesCommand(document_, std::move(variables),
                                                       tr("Remove %n variable(s)", nullptr, static_cast<int>(rows.size()))));
}

}  // namespace kelvin::gui
