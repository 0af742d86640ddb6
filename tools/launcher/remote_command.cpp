#include "remote_command.hpp"

#include <filesystem>

namespace weft::tools {

std::string shell_quoted(std::string_view text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

std::optional<usage_error> apply_prefix_defaults(launch_options& options, std::string_view invoked_as,
                                                 std::optional<std::string_view> variable) {
  if (options.remote_prefix) return std::nullopt;
  if (variable) {
    if (!variable->starts_with('/'))
      return usage_error{"WEFT_PREFIX '" + std::string(*variable) +
                         "' in the environment must be an absolute path, "
                         "as it is taken on the other hosts; e.g. WEFT_PREFIX=/opt/weft, or unset it"};
    options.remote_prefix = std::string(*variable);
    return std::nullopt;
  }
  if (!invoked_as.starts_with('/')) return std::nullopt;
  std::filesystem::path bin = std::filesystem::path(invoked_as).lexically_normal().parent_path();
  if (bin != bin.root_path()) options.remote_prefix = bin.parent_path().string();
  return std::nullopt;
}

std::vector<std::string> remote_command(std::string_view shell, std::string_view host, std::string_view directory,
                                        std::span<const env_setting> variables, std::span<const std::string> command,
                                        const std::optional<std::string>& prefix) {
  std::string remote = "cd " + shell_quoted(directory) + " && ";
  // Expanded by the host's shell: its own PATH and LD_LIBRARY_PATH after the prefix's folders.
  if (prefix)
    remote += "PATH=" + shell_quoted(*prefix + "/bin") +
              "${PATH:+:$PATH} LD_LIBRARY_PATH=" + shell_quoted(*prefix + "/" WEFT_INSTALL_LIBDIR) +
              "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} ";
  remote += "exec env";
  for (const env_setting& variable : variables)
    remote += " " + shell_quoted(variable.name + "=" + variable.value.value_or(""));
  for (const std::string& word : command) remote += " " + shell_quoted(word);

  std::vector<std::string> argv{std::string(shell)};
  std::string_view shell_name = shell.substr(shell.rfind('/') + 1);
  if (shell_name == "pbsdsh") {
    for (std::string_view word : {std::string_view("-h"), host, std::string_view("sh"), std::string_view("-c")})
      argv.emplace_back(word);
    argv.push_back(std::move(remote));
    return argv;
  }
  if (shell_name == "ssh") argv.emplace_back("-x");
  argv.emplace_back(host);
  argv.push_back(std::move(remote));
  return argv;
}

bool is_this_machine(std::string_view host, std::string_view hostname) {
  if (host == "localhost" || host == "127.0.0.1" || host == hostname) return true;
  // The short name of this machine (node1 for node1.cluster.example).
  return hostname.substr(0, hostname.find('.')) == host;
}

}  // namespace weft::tools
