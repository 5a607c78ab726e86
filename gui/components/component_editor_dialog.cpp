#include "components/component_editor_dialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include "canvas/commands/set_components_command.h"
#include "components/component_highlighter.h"
#include "document/model_document.h"
#include "elaborate/block_registry.h"
#include "usercomp/user_component_library.h"

namespace kelvin::gui {

namespace {

/// The name after the first `component`, or "".
QString componentName(const QString& text) {
  static const QRegularExpression name(QStringLiteral("(?:^|\\n)\\s*component\\s+([A-Za-z_][A-Za-z0-9_]*)"));
  return name.match(text).captured(1);
}

/// A text for a new component named `name`: a linear resistor to start from.
QString templateText(const QString& name) {
  return QStringLiteral(
             "component %1 \"What it does\"\n"
             "  port p, n : electrical;\n"
             "  parameter R = 1k \"Ω\" (min = 0);\n"
             "  variable v, i;\n"
             "equation\n"
             "  v = across(p) - across(n);\n"
             "  i = through(p);\n"
             "  through(p) + through(n) = 0;\n"
             "  v = R*i;\n"
             "end\n")
      .arg(name);
}

/// The tag a text's diagnostics carry while checking, in place of a file name.
std::string tagOf(std::size_t index) { return "#" + std::to_string(index); }

}  // namespace

ComponentEditorDialog::ComponentEditorDialog(ModelDocument* document, QWidget* parent)
    : QDialog(parent), document_(document) {
  setWindowTitle(tr("Components"));
  setObjectName(QStringLiteral("componentEditor"));
  list_ = new QListWidget(this);
  list_->setObjectName(QStringLiteral("componentList"));
  auto* add = new QPushButton(tr("&New"), this);
  add->setObjectName(QStringLiteral("newComponent"));
  remove_ = new QPushButton(tr("&Delete"), this);
  remove_->setObjectName(QStringLiteral("deleteComponent"));
  edit_ = new QPlainTextEdit(this);
  edit_->setObjectName(QStringLiteral("componentText"));
  edit_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  edit_->setLineWrapMode(QPlainTextEdit::NoWrap);
  edit_->setTabChangesFocus(false);
  highlighter_ = new ComponentHighlighter(edit_->document());
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("componentStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  files_ = new QLabel(this);
  files_->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Close, this);

  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(list_, 1);
  auto* row = new QHBoxLayout;
  row->addWidget(add);
  row->addWidget(remove_);
  leftLayout->addLayout(row);
  leftLayout->addWidget(files_);
  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addWidget(edit_, 1);
  rightLayout->addWidget(status_);
  auto* splitter = new QSplitter(this);
  splitter->addWidget(left);
  splitter->addWidget(right);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({180, 620});
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(splitter, 1);
  layout->addWidget(buttons);
  resize(900, 600);

  timer_ = new QTimer(this);
  timer_->setSingleShot(true);
  timer_->setInterval(250);
  connect(timer_, &QTimer::timeout, this, &ComponentEditorDialog::check);
  connect(edit_, &QPlainTextEdit::textChanged, this, [this] {
    if (loading_) return;
    storeCurrent();
    timer_->start();
  });
  connect(list_, &QListWidget::currentRowChanged, this, &ComponentEditorDialog::select);
  connect(add, &QPushButton::clicked, this, &ComponentEditorDialog::addComponent);
  connect(remove_, &QPushButton::clicked, this, &ComponentEditorDialog::removeComponent);
  connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &ComponentEditorDialog::apply);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    apply();
    accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(document_, &ModelDocument::modelReset, this, &ComponentEditorDialog::reload);
  // An undo or redo elsewhere changes the texts under the editor: show them (its own Apply changes nothing).
  connect(document_, &ModelDocument::componentsChanged, this, [this] {
    storeCurrent();
    std::vector<std::string> texts;
    for (const QString& text : texts_) texts.push_back(text.toStdString());
    if (texts != document_->model().components) reload();
  });
  reload();
}

void ComponentEditorDialog::reload() {
  texts_.clear();
  for (const std::string& text : document_->model().components) texts_.push_back(QString::fromStdString(text));
  QStringList files;
  for (const core::ComponentFile& f : document_->model().componentFiles) files << QString::fromStdString(f.path);
  files_->setText(files.isEmpty() ? QString() : tr("Also from files (edit them in a text editor): %1").arg(files.join(", ")));
  files_->setVisible(!files.isEmpty());
  current_ = -1;
  updateNames();
  showRow(texts_.empty() ? -1 : 0);
}

void ComponentEditorDialog::showRow(int row) {
  {
    const QSignalBlocker block(list_);
    list_->setCurrentRow(row);
  }
  select(row);
}

void ComponentEditorDialog::updateNames() {
  const QSignalBlocker block(list_);
  const int row = list_->currentRow();
  list_->clear();
  for (const QString& text : texts_) {
    const QString name = componentName(text);
    list_->addItem(name.isEmpty() ? tr("(no name)") : name);
  }
  list_->setCurrentRow(std::min(row, list_->count() - 1));
  remove_->setEnabled(!texts_.empty());
}

void ComponentEditorDialog::select(int row) {
  storeCurrent();
  current_ = row;
  loading_ = true;
  edit_->setPlainText(row >= 0 && row < static_cast<int>(texts_.size()) ? texts_[row] : QString());
  loading_ = false;
  edit_->setEnabled(row >= 0);
  check();
}

void ComponentEditorDialog::storeCurrent() {
  if (current_ < 0 || current_ >= static_cast<int>(texts_.size())) return;
  const QString text = edit_->toPlainText();
  if (texts_[current_] == text) return;
  const bool renamed = componentName(texts_[current_]) != componentName(text);
  texts_[current_] = text;
  if (renamed) updateNames();
}

void ComponentEditorDialog::check() {
  timer_->stop();
  storeCurrent();
  std::vector<core::ComponentSource> sources;
  for (std::size_t i = 0; i < texts_.size(); ++i) sources.push_back({texts_[i].toStdString(), tagOf(i)});
  core::BlockRegistry scratch(&document_->library());
  const std::vector<core::Diagnostic> problems = core::addUserComponents(sources, scratch);
  int line = 0, column = 0;
  QString message;
  for (const core::Diagnostic& d : problems) {
    if (current_ < 0 || d.file != tagOf(static_cast<std::size_t>(current_))) continue;
    message = QString::fromStdString(d.message);
    static const QRegularExpression where(QStringLiteral("line (\\d+):(\\d+): "));
    const QRegularExpressionMatch m = where.match(message);
    if (m.hasMatch()) {
      line = m.captured(1).toInt();
      column = m.captured(2).toInt();
    }
    break;
  }
  highlighter_->setError(line, column);
  if (current_ < 0) {
    status_->setText(tr("No component: New starts one from a template."));
    status_->setStyleSheet(QString());
  } else if (message.isEmpty()) {
    status_->setText(tr("✓ Compiles: use it as user.%1").arg(componentName(texts_[current_])));
    status_->setStyleSheet(QStringLiteral("color: #2e7d32;"));
  } else {
    status_->setText(message);
    status_->setStyleSheet(QStringLiteral("color: #c62828;"));
  }
}

bool ComponentEditorDialog::apply() {
  storeCurrent();
  std::vector<std::string> texts;
  for (const QString& text : texts_) texts.push_back(text.toStdString());
  if (texts == document_->model().components) return false;
  document_->undoStack()->push(new SetComponentsCommand(document_, std::move(texts), tr("Edit components")));
  return true;
}

void ComponentEditorDialog::addComponent() {
  storeCurrent();
  QString name = QStringLiteral("NewComponent");
  for (int k = 2; std::any_of(texts_.begin(), texts_.end(), [&](const QString& t) { return componentName(t) == name; });
       ++k)
    name = QStringLiteral("NewComponent%1").arg(k);
  texts_.push_back(templateText(name));
  updateNames();
  showRow(static_cast<int>(texts_.size()) - 1);
  edit_->setFocus();
}

void ComponentEditorDialog::removeComponent() {
  if (current_ < 0 || current_ >= static_cast<int>(texts_.size())) return;
  texts_.erase(texts_.begin() + current_);
  const int row = std::min(current_, static_cast<int>(texts_.size()) - 1);
  current_ = -1;  // erased: nothing to store
  updateNames();
  showRow(row);
}

}  // namespace kelvin::gui
