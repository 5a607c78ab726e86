#include "inspector/parameter_form.h"

#include <cmath>

#include <QKeyEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "document/block_naming.h"
#include "document/quantity_format.h"
#include "elaborate/block_registry.h"
#include "i18n/library_text.h"

namespace kelvin::gui {

namespace {

QString boundText(const core::ParamDecl& decl) {
  QStringList parts;
  if (decl.min) parts << (decl.minInclusive ? QStringLiteral("≥ %1") : QStringLiteral("> %1")).arg(*decl.min);
  if (decl.max) parts << (decl.maxInclusive ? QStringLiteral("≤ %1") : QStringLiteral("< %1")).arg(*decl.max);
  return parts.join(QStringLiteral(" and "));
}

}  // namespace

ParameterForm::ParameterForm(const core::BlockRegistry& registry, QWidget* parent)
    : QWidget(parent), registry_(registry), title_(new QLabel(this)), description_(new QLabel(this)),
      grid_(new QGridLayout) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  QFont titleFont = title_->font();
  titleFont.setBold(true);
  titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
  title_->setFont(titleFont);
  description_->setWordWrap(true);
  description_->setStyleSheet(QStringLiteral("color: #5f6b7a;"));
  layout->addWidget(title_);
  layout->addWidget(description_);
  layout->addSpacing(4);
  layout->addLayout(grid_);
  layout->addStretch(1);
  grid_->setColumnStretch(1, 1);
  grid_->setHorizontalSpacing(6);
  grid_->setVerticalSpacing(1);
}

QString ParameterForm::check(const core::ParamDecl& decl, const std::string& text, const core::ParameterScope& scope,
                             QString* value) {
  if (value) value->clear();
  if (decl.kind == core::ParamKind::Text) return {};
  if (text.find_first_not_of(" \t") == std::string::npos) return tr("A value is required");
  try {
    switch (decl.kind) {
      case core::ParamKind::Number: {
        const double v = core::evaluateNumber(text, decl.unit, scope);
        const bool belowMin = decl.min && (decl.minInclusive ? v < *decl.min : v <= *decl.min);
        const bool aboveMax = decl.max && (decl.maxInclusive ? v > *decl.max : v >= *decl.max);
        if (belowMin || aboveMax) return tr("%1 is out of range: must be %2").arg(QString::number(v), boundText(decl));
        if (decl.name == "inputs" && std::floor(v) != v) return tr("must be a whole number");
        if (value) *value = QStringLiteral("= ") + formatSi(v, QString::fromStdString(decl.unit));
        return {};
      }
      case core::ParamKind::Vector: {
        const std::vector<double> v = core::evaluateVector(text, scope);
        if (value) *value = tr("= %n value(s)", nullptr, static_cast<int>(v.size()));
        return {};
      }
      case core::ParamKind::Matrix: {
        const auto m = core::evaluateMatrix(text, scope);
        if (value) *value = QStringLiteral("= %1 × %2").arg(m.size()).arg(m.empty() ? 0 : m.front().size());
        return {};
      }
      case core::ParamKind::Text: return {};
    }
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

void ParameterForm::clear() {
  while (QLayoutItem* item = grid_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  rows_.clear();
  idEdit_ = nullptr;
  idMessage_ = nullptr;
}

void ParameterForm::showMessage(QLabel* label, const QString& problem, const QString& value) {
  label->setText(problem.isEmpty() ? value : problem);
  label->setStyleSheet(problem.isEmpty() ? QStringLiteral("color: #5f6b7a; font-size: 9pt;")
                                         : QStringLiteral("color: #c62828; font-size: 9pt;"));
  label->setVisible(!label->text().isEmpty());
}

void ParameterForm::setBlock(const core::Block& block, std::set<std::string> otherIds, core::ParameterScope scope) {
  clear();
  blockId_ = block.id;
  blockType_ = block.type;
  otherIds_ = std::move(otherIds);
  scope_ = std::move(scope);
  const core::ComponentType* type = registry_.find(block.type);
  title_->setText(type ? blockTitle(*type)
                       : block.type == "Subsystem" ? tr("Subsystem") : QString::fromStdString(block.type));
  description_->setText(type ? blockDescription(*type)
                             : block.type == "Subsystem" ? tr("Double-click to open it.") : tr("Unknown block type."));

  int r = 0;
  auto* idLabel = new QLabel(tr("Id"), this);
  idEdit_ = new QLineEdit(QString::fromStdString(block.id), this);
  idEdit_->setObjectName(QStringLiteral("idField"));
  idMessage_ = new QLabel(this);
  idMessage_->setWordWrap(true);
  grid_->addWidget(idLabel, r, 0);
  grid_->addWidget(idEdit_, r, 1, 1, 2);
  grid_->addWidget(idMessage_, r + 1, 1, 1, 2);
  idMessage_->hide();
  r += 2;
  connect(idEdit_, &QLineEdit::textEdited, this, [this] { validateId(); });
  connect(idEdit_, &QLineEdit::editingFinished, this, [this] {
    validateId();
    const std::string id = idEdit_->text().trimmed().toStdString();
    if (idMessage_->isVisible() || id == blockId_) return;
    emit idEdited(id);
  });

  std::vector<std::pair<std::string, const core::ParamDecl*>> params;
  subsystemDecls_.clear();
  if (type) {
    for (const core::ParamDecl& decl : type->params) params.emplace_back(decl.name, &decl);
  } else {
    subsystemDecls_.reserve(block.params.size());
    for (const auto& [name, text] : block.params) {
      core::ParamDecl decl;
      decl.name = name;
      subsystemDecls_.push_back(decl);
    }
    for (const core::ParamDecl& decl : subsystemDecls_) params.emplace_back(decl.name, &decl);
  }
  for (const auto& [name, decl] : params) {
    Row row;
    row.name = name;
    row.decl = decl;
    const auto it = block.params.find(name);
    row.committed = it != block.params.end() ? it->second : decl->defaultValue;
    auto* label = new QLabel(QString::fromStdString(name), this);
    label->setToolTip(parameterDescription(*decl));
    row.edit = new QLineEdit(QString::fromStdString(row.committed), this);
    row.edit->setObjectName(QStringLiteral("param_") + QString::fromStdString(name));
    row.edit->setToolTip(parameterDescription(*decl));
    auto* unit = new QLabel(QString::fromStdString(decl->unit), this);
    unit->setMinimumWidth(18);
    row.message = new QLabel(this);
    row.message->setWordWrap(true);
    grid_->addWidget(label, r, 0);
    grid_->addWidget(row.edit, r, 1);
    grid_->addWidget(unit, r, 2);
    grid_->addWidget(row.message, r + 1, 1, 1, 2);
    r += 2;
    rows_.push_back(row);
  }
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    QLineEdit* edit = rows_[i].edit;
    connect(edit, &QLineEdit::textEdited, this, [this, i] { validate(rows_[i]); });
    edit->installEventFilter(this);  // Esc reverts
    connect(edit, &QLineEdit::editingFinished, this, [this, i] {
      Row& row = rows_[i];
      validate(row);
      const std::string text = row.edit->text().trimmed().toStdString();
      if (text == row.committed) return;
      if (!check(*row.decl, text, scope_).isEmpty()) return;
      row.committed = text;
      emit parameterEdited(row.name, text);
    });
    validate(rows_[i]);
  }
  validateId();
}

bool ParameterForm::eventFilter(QObject* watched, QEvent* event) {
  // Esc in a field reverts it to the model's value (a window's Esc shortcut would take it first).
  const bool escape = (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) &&
                      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape;
  if (!escape) return QWidget::eventFilter(watched, event);
  for (Row& row : rows_) {
    if (row.edit != watched) continue;
    event->accept();
    if (event->type() == QEvent::KeyPress) {
      row.edit->setText(QString::fromStdString(row.committed));
      validate(row);
    }
    return true;
  }
  return QWidget::eventFilter(watched, event);
}

void ParameterForm::refresh(const core::Block& block, std::set<std::string> otherIds, core::ParameterScope scope) {
  if (block.id != blockId_ && !idEdit_->hasFocus()) {
    setBlock(block, std::move(otherIds), std::move(scope));
    return;
  }
  otherIds_ = std::move(otherIds);
  scope_ = std::move(scope);
  for (Row& row : rows_) {
    const auto it = block.params.find(row.name);
    const std::string text = it != block.params.end() ? it->second : row.decl->defaultValue;
    // A refused entry stays, red, until the user fixes or reverts it (Esc): never silently dropped.
    const bool refused = !check(*row.decl, row.edit->text().trimmed().toStdString(), scope_).isEmpty();
    if (!row.edit->hasFocus() && !refused && row.edit->text().toStdString() != text)
      row.edit->setText(QString::fromStdString(text));
    row.committed = text;
    validate(row);
  }
}

void ParameterForm::validate(Row& row) {
  QString value;
  const QString problem = check(*row.decl, row.edit->text().trimmed().toStdString(), scope_, &value);
  showMessage(row.message, problem.isEmpty() ? problem : tr("%1 — not applied; Esc reverts").arg(problem), value);
  row.edit->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 1px solid #c62828; }"));
  const bool valid = isValid();
  if (valid != valid_) {
    valid_ = valid;
    emit validityChanged(valid_);
  }
}

void ParameterForm::validateId() {
  if (!idEdit_) return;
  const std::string id = idEdit_->text().trimmed().toStdString();
  QString problem;
  if (!isValidId(id))
    problem = tr("An id starts with a letter or '_' and has only letters, digits and '_'");
  else if (id != blockId_ && otherIds_.count(id))
    problem = tr("%1 is already used by another block").arg(QString::fromStdString(id));
  showMessage(idMessage_, problem, QString());
  idEdit_->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 1px solid #c62828; }"));
  const bool valid = isValid();
  if (valid != valid_) {
    valid_ = valid;
    emit validityChanged(valid_);
  }
}

std::map<std::string, std::string> ParameterForm::values() const {
  std::map<std::string, std::string> values;
  for (const Row& row : rows_) values[row.name] = row.edit->text().trimmed().toStdString();
  return values;
}

QString ParameterForm::idText() const { return idEdit_ ? idEdit_->text().trimmed() : QString(); }

bool ParameterForm::isValid() const {
  if (idMessage_ && !idMessage_->text().isEmpty()) return false;
  for (const Row& row : rows_)
    if (!check(*row.decl, row.edit->text().trimmed().toStdString(), scope_).isEmpty()) return false;
  return true;
}

QLineEdit* ParameterForm::field(const std::string& name) const {
  for (const Row& row : rows_)
    if (row.name == name) return row.edit;
  return nullptr;
}

QString ParameterForm::message(const std::string& name) const {
  if (name.empty()) return idMessage_ ? idMessage_->text() : QString();
  for (const Row& row : rows_)
    if (row.name == name) return row.message->text();
  return {};
}

}  // namespace kelvin::gui
