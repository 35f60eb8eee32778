#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  BoundaryScanner,
  NEEDLE,
  NeedleFinder,
  SegmentProcessor,
  isCandidate,
  loadConverter,
  loadListInspector,
  locateFindings,
  migrateBytes
} from "./chunks/chunk-3JIGPI3R.js";
import {
  TARGETS
} from "./chunks/chunk-6FXVUNUL.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunks/chunk-PL3BMLT6.js";

// node_modules/commander/lib/error.js
var require_error = __commonJS({
  "node_modules/commander/lib/error.js"(exports) {
    var CommanderError2 = class extends Error {
      /**
       * Constructs the CommanderError class
       * @param {number} exitCode suggested exit code which could be used with process.exit
       * @param {string} code an id string representing the error
       * @param {string} message human-readable description of the error
       */
      constructor(exitCode, code, message) {
        super(message);
        Error.captureStackTrace(this, this.constructor);
        this.name = this.constructor.name;
        this.code = code;
        this.exitCode = exitCode;
        this.nestedError = void 0;
      }
    };
    var InvalidArgumentError2 = class extends CommanderError2 {
      /**
       * Constructs the InvalidArgumentError class
       * @param {string} [message] explanation of why argument is invalid
       */
      constructor(message) {
        super(1, "commander.invalidArgument", message);
        Error.captureStackTrace(this, this.constructor);
        this.name = this.constructor.name;
      }
    };
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
  }
});

// node_modules/commander/lib/argument.js
var require_argument = __commonJS({
  "node_modules/commander/lib/argument.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var Argument2 = class {
      /**
       * Initialize a new command argument with the given name and description.
       * The default is that the argument is required, and you can explicitly
       * indicate this with <> around the name. Put [] around the name for an optional argument.
       *
       * @param {string} name
       * @param {string} [description]
       */
      constructor(name, description) {
        this.description = description || "";
        this.variadic = false;
        this.parseArg = void 0;
        this.defaultValue = void 0;
        this.defaultValueDescription = void 0;
        this.argChoices = void 0;
        switch (name[0]) {
          case "<":
            this.required = true;
            this._name = name.slice(1, -1);
            break;
          case "[":
            this.required = false;
            this._name = name.slice(1, -1);
            break;
          default:
            this.required = true;
            this._name = name;
            break;
        }
        if (this._name.endsWith("...")) {
          this.variadic = true;
          this._name = this._name.slice(0, -3);
        }
      }
      /**
       * Return argument name.
       *
       * @return {string}
       */
      name() {
        return this._name;
      }
      /**
       * @package
       */
      _collectValue(value, previous) {
        if (previous === this.defaultValue || !Array.isArray(previous)) {
          return [value];
        }
        previous.push(value);
        return previous;
      }
      /**
       * Set the default value, and optionally supply the description to be displayed in the help.
       *
       * @param {*} value
       * @param {string} [description]
       * @return {Argument}
       */
      default(value, description) {
        this.defaultValue = value;
        this.defaultValueDescription = description;
        return this;
      }
      /**
       * Set the custom handler for processing CLI command arguments into argument values.
       *
       * @param {Function} [fn]
       * @return {Argument}
       */
      argParser(fn2) {
        this.parseArg = fn2;
        return this;
      }
      /**
       * Only allow argument value to be one of choices.
       *
       * @param {string[]} values
       * @return {Argument}
       */
      choices(values) {
        this.argChoices = values.slice();
        this.parseArg = (arg, previous) => {
          if (!this.argChoices.includes(arg)) {
            throw new InvalidArgumentError2(
              `Allowed choices are ${this.argChoices.join(", ")}.`
            );
          }
          if (this.variadic) {
            return this._collectValue(arg, previous);
          }
          return arg;
        };
        return this;
      }
      /**
       * Make argument required.
       *
       * @returns {Argument}
       */
      argRequired() {
        this.required = true;
        return this;
      }
      /**
       * Make argument optional.
       *
       * @returns {Argument}
       */
      argOptional() {
        this.required = false;
        return this;
      }
    };
    function humanReadableArgName(arg) {
      const nameOutput = arg.name() + (arg.variadic === true ? "..." : "");
      return arg.required ? "<" + nameOutput + ">" : "[" + nameOutput + "]";
    }
    exports.Argument = Argument2;
    exports.humanReadableArgName = humanReadableArgName;
  }
});

// node_modules/commander/lib/help.js
var require_help = __commonJS({
  "node_modules/commander/lib/help.js"(exports) {
    var { humanReadableArgName } = require_argument();
    var Help2 = class {
      constructor() {
        this.helpWidth = void 0;
        this.minWidthToWrap = 40;
        this.sortSubcommands = false;
        this.sortOptions = false;
        this.showGlobalOptions = false;
      }
      /**
       * prepareContext is called by Commander after applying overrides from `Command.configureHelp()`
       * and just before calling `formatHelp()`.
       *
       * Commander just uses the helpWidth and the rest is provided for optional use by more complex subclasses.
       *
       * @param {{ error?: boolean, helpWidth?: number, outputHasColors?: boolean }} contextOptions
       */
      prepareContext(contextOptions) {
        this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
      }
      /**
       * Get an array of the visible subcommands. Includes a placeholder for the implicit help command, if there is one.
       *
       * @param {Command} cmd
       * @returns {Command[]}
       */
      visibleCommands(cmd) {
        const visibleCommands = cmd.commands.filter((cmd2) => !cmd2._hidden);
        const helpCommand = cmd._getHelpCommand();
        if (helpCommand && !helpCommand._hidden) {
          visibleCommands.push(helpCommand);
        }
        if (this.sortSubcommands) {
          visibleCommands.sort((a, b) => {
            return a.name().localeCompare(b.name());
          });
        }
        return visibleCommands;
      }
      /**
       * Compare options for sort.
       *
       * @param {Option} a
       * @param {Option} b
       * @returns {number}
       */
      compareOptions(a, b) {
        const getSortKey = (option) => {
          return option.short ? option.short.replace(/^-/, "") : option.long.replace(/^--/, "");
        };
        return getSortKey(a).localeCompare(getSortKey(b));
      }
      /**
       * Get an array of the visible options. Includes a placeholder for the implicit help option, if there is one.
       *
       * @param {Command} cmd
       * @returns {Option[]}
       */
      visibleOptions(cmd) {
        const visibleOptions = cmd.options.filter((option) => !option.hidden);
        const helpOption = cmd._getHelpOption();
        if (helpOption && !helpOption.hidden) {
          const removeShort = helpOption.short && cmd._findOption(helpOption.short);
          const removeLong = helpOption.long && cmd._findOption(helpOption.long);
          if (!removeShort && !removeLong) {
            visibleOptions.push(helpOption);
          } else if (helpOption.long && !removeLong) {
            visibleOptions.push(
              cmd.createOption(helpOption.long, helpOption.description)
            );
          } else if (helpOption.short && !removeShort) {
            visibleOptions.push(
              cmd.createOption(helpOption.short, helpOption.description)
            );
          }
        }
        if (this.sortOptions) {
          visibleOptions.sort(this.compareOptions);
        }
        return visibleOptions;
      }
      /**
       * Get an array of the visible global options. (Not including help.)
       *
       * @param {Command} cmd
       * @returns {Option[]}
       */
      visibleGlobalOptions(cmd) {
        if (!this.showGlobalOptions) return [];
        const globalOptions = [];
        for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
          const visibleOptions = ancestorCmd.options.filter(
            (option) => !option.hidden
          );
          globalOptions.push(...visibleOptions);
        }
        if (this.sortOptions) {
          globalOptions.sort(this.compareOptions);
        }
        return globalOptions;
      }
      /**
       * Get an array of the arguments if any have a description.
       *
       * @param {Command} cmd
       * @returns {Argument[]}
       */
      visibleArguments(cmd) {
        if (cmd._argsDescription) {
          cmd.registeredArguments.forEach((argument) => {
            argument.description = argument.description || cmd._argsDescription[argument.name()] || "";
          });
        }
        if (cmd.registeredArguments.find((argument) => argument.description)) {
          return cmd.registeredArguments;
        }
        return [];
      }
      /**
       * Get the command term to show in the list of subcommands.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      subcommandTerm(cmd) {
        const args = cmd.registeredArguments.map((arg) => humanReadableArgName(arg)).join(" ");
        return cmd._name + (cmd._aliases[0] ? "|" + cmd._aliases[0] : "") + (cmd.options.length ? " [options]" : "") + // simplistic check for non-help option
        (args ? " " + args : "");
      }
      /**
       * Get the option term to show in the list of options.
       *
       * @param {Option} option
       * @returns {string}
       */
      optionTerm(option) {
        return option.flags;
      }
      /**
       * Get the argument term to show in the list of arguments.
       *
       * @param {Argument} argument
       * @returns {string}
       */
      argumentTerm(argument) {
        return argument.name();
      }
      /**
       * Get the longest command term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestSubcommandTermLength(cmd, helper) {
        return helper.visibleCommands(cmd).reduce((max, command) => {
          return Math.max(
            max,
            this.displayWidth(
              helper.styleSubcommandTerm(helper.subcommandTerm(command))
            )
          );
        }, 0);
      }
      /**
       * Get the longest option term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestOptionTermLength(cmd, helper) {
        return helper.visibleOptions(cmd).reduce((max, option) => {
          return Math.max(
            max,
            this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
          );
        }, 0);
      }
      /**
       * Get the longest global option term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestGlobalOptionTermLength(cmd, helper) {
        return helper.visibleGlobalOptions(cmd).reduce((max, option) => {
          return Math.max(
            max,
            this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
          );
        }, 0);
      }
      /**
       * Get the longest argument term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestArgumentTermLength(cmd, helper) {
        return helper.visibleArguments(cmd).reduce((max, argument) => {
          return Math.max(
            max,
            this.displayWidth(
              helper.styleArgumentTerm(helper.argumentTerm(argument))
            )
          );
        }, 0);
      }
      /**
       * Get the command usage to be displayed at the top of the built-in help.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      commandUsage(cmd) {
        let cmdName = cmd._name;
        if (cmd._aliases[0]) {
          cmdName = cmdName + "|" + cmd._aliases[0];
        }
        let ancestorCmdNames = "";
        for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
          ancestorCmdNames = ancestorCmd.name() + " " + ancestorCmdNames;
        }
        return ancestorCmdNames + cmdName + " " + cmd.usage();
      }
      /**
       * Get the description for the command.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      commandDescription(cmd) {
        return cmd.description();
      }
      /**
       * Get the subcommand summary to show in the list of subcommands.
       * (Fallback to description for backwards compatibility.)
       *
       * @param {Command} cmd
       * @returns {string}
       */
      subcommandDescription(cmd) {
        return cmd.summary() || cmd.description();
      }
      /**
       * Get the option description to show in the list of options.
       *
       * @param {Option} option
       * @return {string}
       */
      optionDescription(option) {
        const extraInfo = [];
        if (option.argChoices) {
          extraInfo.push(
            // use stringify to match the display of the default value
            `choices: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
          );
        }
        if (option.defaultValue !== void 0) {
          const showDefault = option.required || option.optional || option.isBoolean() && typeof option.defaultValue === "boolean";
          if (showDefault) {
            extraInfo.push(
              `default: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`
            );
          }
        }
        if (option.presetArg !== void 0 && option.optional) {
          extraInfo.push(`preset: ${JSON.stringify(option.presetArg)}`);
        }
        if (option.envVar !== void 0) {
          extraInfo.push(`env: ${option.envVar}`);
        }
        if (extraInfo.length > 0) {
          const extraDescription = `(${extraInfo.join(", ")})`;
          if (option.description) {
            return `${option.description} ${extraDescription}`;
          }
          return extraDescription;
        }
        return option.description;
      }
      /**
       * Get the argument description to show in the list of arguments.
       *
       * @param {Argument} argument
       * @return {string}
       */
      argumentDescription(argument) {
        const extraInfo = [];
        if (argument.argChoices) {
          extraInfo.push(
            // use stringify to match the display of the default value
            `choices: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
          );
        }
        if (argument.defaultValue !== void 0) {
          extraInfo.push(
            `default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`
          );
        }
        if (extraInfo.length > 0) {
          const extraDescription = `(${extraInfo.join(", ")})`;
          if (argument.description) {
            return `${argument.description} ${extraDescription}`;
          }
          return extraDescription;
        }
        return argument.description;
      }
      /**
       * Format a list of items, given a heading and an array of formatted items.
       *
       * @param {string} heading
       * @param {string[]} items
       * @param {Help} helper
       * @returns string[]
       */
      formatItemList(heading, items, helper) {
        if (items.length === 0) return [];
        return [helper.styleTitle(heading), ...items, ""];
      }
      /**
       * Group items by their help group heading.
       *
       * @param {Command[] | Option[]} unsortedItems
       * @param {Command[] | Option[]} visibleItems
       * @param {Function} getGroup
       * @returns {Map<string, Command[] | Option[]>}
       */
      groupItems(unsortedItems, visibleItems, getGroup) {
        const result = /* @__PURE__ */ new Map();
        unsortedItems.forEach((item) => {
          const group = getGroup(item);
          if (!result.has(group)) result.set(group, []);
        });
        visibleItems.forEach((item) => {
          const group = getGroup(item);
          if (!result.has(group)) {
            result.set(group, []);
          }
          result.get(group).push(item);
        });
        return result;
      }
      /**
       * Generate the built-in help text.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {string}
       */
      formatHelp(cmd, helper) {
        const termWidth = helper.padWidth(cmd, helper);
        const helpWidth = helper.helpWidth ?? 80;
        function callFormatItem(term, description) {
          return helper.formatItem(term, termWidth, description, helper);
        }
        let output = [
          `${helper.styleTitle("Usage:")} ${helper.styleUsage(helper.commandUsage(cmd))}`,
          ""
        ];
        const commandDescription = helper.commandDescription(cmd);
        if (commandDescription.length > 0) {
          output = output.concat([
            helper.boxWrap(
              helper.styleCommandDescription(commandDescription),
              helpWidth
            ),
            ""
          ]);
        }
        const argumentList = helper.visibleArguments(cmd).map((argument) => {
          return callFormatItem(
            helper.styleArgumentTerm(helper.argumentTerm(argument)),
            helper.styleArgumentDescription(helper.argumentDescription(argument))
          );
        });
        output = output.concat(
          this.formatItemList("Arguments:", argumentList, helper)
        );
        const optionGroups = this.groupItems(
          cmd.options,
          helper.visibleOptions(cmd),
          (option) => option.helpGroupHeading ?? "Options:"
        );
        optionGroups.forEach((options, group) => {
          const optionList = options.map((option) => {
            return callFormatItem(
              helper.styleOptionTerm(helper.optionTerm(option)),
              helper.styleOptionDescription(helper.optionDescription(option))
            );
          });
          output = output.concat(this.formatItemList(group, optionList, helper));
        });
        if (helper.showGlobalOptions) {
          const globalOptionList = helper.visibleGlobalOptions(cmd).map((option) => {
            return callFormatItem(
              helper.styleOptionTerm(helper.optionTerm(option)),
              helper.styleOptionDescription(helper.optionDescription(option))
            );
          });
          output = output.concat(
            this.formatItemList("Global Options:", globalOptionList, helper)
          );
        }
        const commandGroups = this.groupItems(
          cmd.commands,
          helper.visibleCommands(cmd),
          (sub) => sub.helpGroup() || "Commands:"
        );
        commandGroups.forEach((commands, group) => {
          const commandList = commands.map((sub) => {
            return callFormatItem(
              helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
              helper.styleSubcommandDescription(helper.subcommandDescription(sub))
            );
          });
          output = output.concat(this.formatItemList(group, commandList, helper));
        });
        return output.join("\n");
      }
      /**
       * Return display width of string, ignoring ANSI escape sequences. Used in padding and wrapping calculations.
       *
       * @param {string} str
       * @returns {number}
       */
      displayWidth(str) {
        return stripColor(str).length;
      }
      /**
       * Style the title for displaying in the help. Called with 'Usage:', 'Options:', etc.
       *
       * @param {string} str
       * @returns {string}
       */
      styleTitle(str) {
        return str;
      }
      styleUsage(str) {
        return str.split(" ").map((word) => {
          if (word === "[options]") return this.styleOptionText(word);
          if (word === "[command]") return this.styleSubcommandText(word);
          if (word[0] === "[" || word[0] === "<")
            return this.styleArgumentText(word);
          return this.styleCommandText(word);
        }).join(" ");
      }
      styleCommandDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleOptionDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleSubcommandDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleArgumentDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleDescriptionText(str) {
        return str;
      }
      styleOptionTerm(str) {
        return this.styleOptionText(str);
      }
      styleSubcommandTerm(str) {
        return str.split(" ").map((word) => {
          if (word === "[options]") return this.styleOptionText(word);
          if (word[0] === "[" || word[0] === "<")
            return this.styleArgumentText(word);
          return this.styleSubcommandText(word);
        }).join(" ");
      }
      styleArgumentTerm(str) {
        return this.styleArgumentText(str);
      }
      styleOptionText(str) {
        return str;
      }
      styleArgumentText(str) {
        return str;
      }
      styleSubcommandText(str) {
        return str;
      }
      styleCommandText(str) {
        return str;
      }
      /**
       * Calculate the pad width from the maximum term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      padWidth(cmd, helper) {
        return Math.max(
          helper.longestOptionTermLength(cmd, helper),
          helper.longestGlobalOptionTermLength(cmd, helper),
          helper.longestSubcommandTermLength(cmd, helper),
          helper.longestArgumentTermLength(cmd, helper)
        );
      }
      /**
       * Detect manually wrapped and indented strings by checking for line break followed by whitespace.
       *
       * @param {string} str
       * @returns {boolean}
       */
      preformatted(str) {
        return /\n[^\S\r\n]/.test(str);
      }
      /**
       * Format the "item", which consists of a term and description. Pad the term and wrap the description, indenting the following lines.
       *
       * So "TTT", 5, "DDD DDDD DD DDD" might be formatted for this.helpWidth=17 like so:
       *   TTT  DDD DDDD
       *        DD DDD
       *
       * @param {string} term
       * @param {number} termWidth
       * @param {string} description
       * @param {Help} helper
       * @returns {string}
       */
      formatItem(term, termWidth, description, helper) {
        const itemIndent = 2;
        const itemIndentStr = " ".repeat(itemIndent);
        if (!description) return itemIndentStr + term;
        const paddedTerm = term.padEnd(
          termWidth + term.length - helper.displayWidth(term)
        );
        const spacerWidth = 2;
        const helpWidth = this.helpWidth ?? 80;
        const remainingWidth = helpWidth - termWidth - spacerWidth - itemIndent;
        let formattedDescription;
        if (remainingWidth < this.minWidthToWrap || helper.preformatted(description)) {
          formattedDescription = description;
        } else {
          const wrappedDescription = helper.boxWrap(description, remainingWidth);
          formattedDescription = wrappedDescription.replace(
            /\n/g,
            "\n" + " ".repeat(termWidth + spacerWidth)
          );
        }
        return itemIndentStr + paddedTerm + " ".repeat(spacerWidth) + formattedDescription.replace(/\n/g, `
${itemIndentStr}`);
      }
      /**
       * Wrap a string at whitespace, preserving existing line breaks.
       * Wrapping is skipped if the width is less than `minWidthToWrap`.
       *
       * @param {string} str
       * @param {number} width
       * @returns {string}
       */
      boxWrap(str, width) {
        if (width < this.minWidthToWrap) return str;
        const rawLines = str.split(/\r\n|\n/);
        const chunkPattern = /[\s]*[^\s]+/g;
        const wrappedLines = [];
        rawLines.forEach((line2) => {
          const chunks = line2.match(chunkPattern);
          if (chunks === null) {
            wrappedLines.push("");
            return;
          }
          let sumChunks = [chunks.shift()];
          let sumWidth = this.displayWidth(sumChunks[0]);
          chunks.forEach((chunk) => {
            const visibleWidth = this.displayWidth(chunk);
            if (sumWidth + visibleWidth <= width) {
              sumChunks.push(chunk);
              sumWidth += visibleWidth;
              return;
            }
            wrappedLines.push(sumChunks.join(""));
            const nextChunk = chunk.trimStart();
            sumChunks = [nextChunk];
            sumWidth = this.displayWidth(nextChunk);
          });
          wrappedLines.push(sumChunks.join(""));
        });
        return wrappedLines.join("\n");
      }
    };
    function stripColor(str) {
      const sgrPattern = /\x1b\[\d*(;\d*)*m/g;
      return str.replace(sgrPattern, "");
    }
    exports.Help = Help2;
    exports.stripColor = stripColor;
  }
});

// node_modules/commander/lib/option.js
var require_option = __commonJS({
  "node_modules/commander/lib/option.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var Option2 = class {
      /**
       * Initialize a new `Option` with the given `flags` and `description`.
       *
       * @param {string} flags
       * @param {string} [description]
       */
      constructor(flags, description) {
        this.flags = flags;
        this.description = description || "";
        this.required = flags.includes("<");
        this.optional = flags.includes("[");
        this.variadic = /\w\.\.\.[>\]]$/.test(flags);
        this.mandatory = false;
        const optionFlags = splitOptionFlags(flags);
        this.short = optionFlags.shortFlag;
        this.long = optionFlags.longFlag;
        this.negate = false;
        if (this.long) {
          this.negate = this.long.startsWith("--no-");
        }
        this.defaultValue = void 0;
        this.defaultValueDescription = void 0;
        this.presetArg = void 0;
        this.envVar = void 0;
        this.parseArg = void 0;
        this.hidden = false;
        this.argChoices = void 0;
        this.conflictsWith = [];
        this.implied = void 0;
        this.helpGroupHeading = void 0;
      }
      /**
       * Set the default value, and optionally supply the description to be displayed in the help.
       *
       * @param {*} value
       * @param {string} [description]
       * @return {Option}
       */
      default(value, description) {
        this.defaultValue = value;
        this.defaultValueDescription = description;
        return this;
      }
      /**
       * Preset to use when option used without option-argument, especially optional but also boolean and negated.
       * The custom processing (parseArg) is called.
       *
       * @example
       * new Option('--color').default('GREYSCALE').preset('RGB');
       * new Option('--donate [amount]').preset('20').argParser(parseFloat);
       *
       * @param {*} arg
       * @return {Option}
       */
      preset(arg) {
        this.presetArg = arg;
        return this;
      }
      /**
       * Add option name(s) that conflict with this option.
       * An error will be displayed if conflicting options are found during parsing.
       *
       * @example
       * new Option('--rgb').conflicts('cmyk');
       * new Option('--js').conflicts(['ts', 'jsx']);
       *
       * @param {(string | string[])} names
       * @return {Option}
       */
      conflicts(names) {
        this.conflictsWith = this.conflictsWith.concat(names);
        return this;
      }
      /**
       * Specify implied option values for when this option is set and the implied options are not.
       *
       * The custom processing (parseArg) is not called on the implied values.
       *
       * @example
       * program
       *   .addOption(new Option('--log', 'write logging information to file'))
       *   .addOption(new Option('--trace', 'log extra details').implies({ log: 'trace.txt' }));
       *
       * @param {object} impliedOptionValues
       * @return {Option}
       */
      implies(impliedOptionValues) {
        let newImplied = impliedOptionValues;
        if (typeof impliedOptionValues === "string") {
          newImplied = { [impliedOptionValues]: true };
        }
        this.implied = Object.assign(this.implied || {}, newImplied);
        return this;
      }
      /**
       * Set environment variable to check for option value.
       *
       * An environment variable is only used if when processed the current option value is
       * undefined, or the source of the current value is 'default' or 'config' or 'env'.
       *
       * @param {string} name
       * @return {Option}
       */
      env(name) {
        this.envVar = name;
        return this;
      }
      /**
       * Set the custom handler for processing CLI option arguments into option values.
       *
       * @param {Function} [fn]
       * @return {Option}
       */
      argParser(fn2) {
        this.parseArg = fn2;
        return this;
      }
      /**
       * Whether the option is mandatory and must have a value after parsing.
       *
       * @param {boolean} [mandatory=true]
       * @return {Option}
       */
      makeOptionMandatory(mandatory = true) {
        this.mandatory = !!mandatory;
        return this;
      }
      /**
       * Hide option in help.
       *
       * @param {boolean} [hide=true]
       * @return {Option}
       */
      hideHelp(hide = true) {
        this.hidden = !!hide;
        return this;
      }
      /**
       * @package
       */
      _collectValue(value, previous) {
        if (previous === this.defaultValue || !Array.isArray(previous)) {
          return [value];
        }
        previous.push(value);
        return previous;
      }
      /**
       * Only allow option value to be one of choices.
       *
       * @param {string[]} values
       * @return {Option}
       */
      choices(values) {
        this.argChoices = values.slice();
        this.parseArg = (arg, previous) => {
          if (!this.argChoices.includes(arg)) {
            throw new InvalidArgumentError2(
              `Allowed choices are ${this.argChoices.join(", ")}.`
            );
          }
          if (this.variadic) {
            return this._collectValue(arg, previous);
          }
          return arg;
        };
        return this;
      }
      /**
       * Return option name.
       *
       * @return {string}
       */
      name() {
        if (this.long) {
          return this.long.replace(/^--/, "");
        }
        return this.short.replace(/^-/, "");
      }
      /**
       * Return option name, in a camelcase format that can be used
       * as an object attribute key.
       *
       * @return {string}
       */
      attributeName() {
        if (this.negate) {
          return camelcase(this.name().replace(/^no-/, ""));
        }
        return camelcase(this.name());
      }
      /**
       * Set the help group heading.
       *
       * @param {string} heading
       * @return {Option}
       */
      helpGroup(heading) {
        this.helpGroupHeading = heading;
        return this;
      }
      /**
       * Check if `arg` matches the short or long flag.
       *
       * @param {string} arg
       * @return {boolean}
       * @package
       */
      is(arg) {
        return this.short === arg || this.long === arg;
      }
      /**
       * Return whether a boolean option.
       *
       * Options are one of boolean, negated, required argument, or optional argument.
       *
       * @return {boolean}
       * @package
       */
      isBoolean() {
        return !this.required && !this.optional && !this.negate;
      }
    };
    var DualOptions = class {
      /**
       * @param {Option[]} options
       */
      constructor(options) {
        this.positiveOptions = /* @__PURE__ */ new Map();
        this.negativeOptions = /* @__PURE__ */ new Map();
        this.dualOptions = /* @__PURE__ */ new Set();
        options.forEach((option) => {
          if (option.negate) {
            this.negativeOptions.set(option.attributeName(), option);
          } else {
            this.positiveOptions.set(option.attributeName(), option);
          }
        });
        this.negativeOptions.forEach((value, key) => {
          if (this.positiveOptions.has(key)) {
            this.dualOptions.add(key);
          }
        });
      }
      /**
       * Did the value come from the option, and not from possible matching dual option?
       *
       * @param {*} value
       * @param {Option} option
       * @returns {boolean}
       */
      valueFromOption(value, option) {
        const optionKey = option.attributeName();
        if (!this.dualOptions.has(optionKey)) return true;
        const preset = this.negativeOptions.get(optionKey).presetArg;
        const negativeValue = preset !== void 0 ? preset : false;
        return option.negate === (negativeValue === value);
      }
    };
    function camelcase(str) {
      return str.split("-").reduce((str2, word) => {
        return str2 + word[0].toUpperCase() + word.slice(1);
      });
    }
    function splitOptionFlags(flags) {
      let shortFlag;
      let longFlag;
      const shortFlagExp = /^-[^-]$/;
      const longFlagExp = /^--[^-]/;
      const flagParts = flags.split(/[ |,]+/).concat("guard");
      if (shortFlagExp.test(flagParts[0])) shortFlag = flagParts.shift();
      if (longFlagExp.test(flagParts[0])) longFlag = flagParts.shift();
      if (!shortFlag && shortFlagExp.test(flagParts[0]))
        shortFlag = flagParts.shift();
      if (!shortFlag && longFlagExp.test(flagParts[0])) {
        shortFlag = longFlag;
        longFlag = flagParts.shift();
      }
      if (flagParts[0].startsWith("-")) {
        const unsupportedFlag = flagParts[0];
        const baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
        if (/^-[^-][^-]/.test(unsupportedFlag))
          throw new Error(
            `${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`
          );
        if (shortFlagExp.test(unsupportedFlag))
          throw new Error(`${baseError}
- too many short flags`);
        if (longFlagExp.test(unsupportedFlag))
          throw new Error(`${baseError}
- too many long flags`);
        throw new Error(`${baseError}
- unrecognised flag format`);
      }
      if (shortFlag === void 0 && longFlag === void 0)
        throw new Error(
          `option creation failed due to no flags found in '${flags}'.`
        );
      return { shortFlag, longFlag };
    }
    exports.Option = Option2;
    exports.DualOptions = DualOptions;
  }
});

// node_modules/commander/lib/suggestSimilar.js
var require_suggestSimilar = __commonJS({
  "node_modules/commander/lib/suggestSimilar.js"(exports) {
    var maxDistance = 3;
    function editDistance(a, b) {
      if (Math.abs(a.length - b.length) > maxDistance)
        return Math.max(a.length, b.length);
      const d = [];
      for (let i = 0; i <= a.length; i++) {
        d[i] = [i];
      }
      for (let j2 = 0; j2 <= b.length; j2++) {
        d[0][j2] = j2;
      }
      for (let j2 = 1; j2 <= b.length; j2++) {
        for (let i = 1; i <= a.length; i++) {
          let cost = 1;
          if (a[i - 1] === b[j2 - 1]) {
            cost = 0;
          } else {
            cost = 1;
          }
          d[i][j2] = Math.min(
            d[i - 1][j2] + 1,
            // deletion
            d[i][j2 - 1] + 1,
            // insertion
            d[i - 1][j2 - 1] + cost
            // substitution
          );
          if (i > 1 && j2 > 1 && a[i - 1] === b[j2 - 2] && a[i - 2] === b[j2 - 1]) {
            d[i][j2] = Math.min(d[i][j2], d[i - 2][j2 - 2] + 1);
          }
        }
      }
      return d[a.length][b.length];
    }
    function suggestSimilar(word, candidates) {
      if (!candidates || candidates.length === 0) return "";
      candidates = Array.from(new Set(candidates));
      const searchingOptions = word.startsWith("--");
      if (searchingOptions) {
        word = word.slice(2);
        candidates = candidates.map((candidate) => candidate.slice(2));
      }
      let similar = [];
      let bestDistance = maxDistance;
      const minSimilarity = 0.4;
      candidates.forEach((candidate) => {
        if (candidate.length <= 1) return;
        const distance = editDistance(word, candidate);
        const length = Math.max(word.length, candidate.length);
        const similarity = (length - distance) / length;
        if (similarity > minSimilarity) {
          if (distance < bestDistance) {
            bestDistance = distance;
            similar = [candidate];
          } else if (distance === bestDistance) {
            similar.push(candidate);
          }
        }
      });
      similar.sort((a, b) => a.localeCompare(b));
      if (searchingOptions) {
        similar = similar.map((candidate) => `--${candidate}`);
      }
      if (similar.length > 1) {
        return `
(Did you mean one of ${similar.join(", ")}?)`;
      }
      if (similar.length === 1) {
        return `
(Did you mean ${similar[0]}?)`;
      }
      return "";
    }
    exports.suggestSimilar = suggestSimilar;
  }
});

// node_modules/commander/lib/command.js
var require_command = __commonJS({
  "node_modules/commander/lib/command.js"(exports) {
    var EventEmitter = __require("node:events").EventEmitter;
    var childProcess = __require("node:child_process");
    var path = __require("node:path");
    var fs2 = __require("node:fs");
    var process2 = __require("node:process");
    var { Argument: Argument2, humanReadableArgName } = require_argument();
    var { CommanderError: CommanderError2 } = require_error();
    var { Help: Help2, stripColor } = require_help();
    var { Option: Option2, DualOptions } = require_option();
    var { suggestSimilar } = require_suggestSimilar();
    var Command2 = class _Command extends EventEmitter {
      /**
       * Initialize a new `Command`.
       *
       * @param {string} [name]
       */
      constructor(name) {
        super();
        this.commands = [];
        this.options = [];
        this.parent = null;
        this._allowUnknownOption = false;
        this._allowExcessArguments = false;
        this.registeredArguments = [];
        this._args = this.registeredArguments;
        this.args = [];
        this.rawArgs = [];
        this.processedArgs = [];
        this._scriptPath = null;
        this._name = name || "";
        this._optionValues = {};
        this._optionValueSources = {};
        this._storeOptionsAsProperties = false;
        this._actionHandler = null;
        this._executableHandler = false;
        this._executableFile = null;
        this._executableDir = null;
        this._defaultCommandName = null;
        this._exitCallback = null;
        this._aliases = [];
        this._combineFlagAndOptionalValue = true;
        this._description = "";
        this._summary = "";
        this._argsDescription = void 0;
        this._enablePositionalOptions = false;
        this._passThroughOptions = false;
        this._lifeCycleHooks = {};
        this._showHelpAfterError = false;
        this._showSuggestionAfterError = true;
        this._savedState = null;
        this._outputConfiguration = {
          writeOut: (str) => process2.stdout.write(str),
          writeErr: (str) => process2.stderr.write(str),
          outputError: (str, write) => write(str),
          getOutHelpWidth: () => process2.stdout.isTTY ? process2.stdout.columns : void 0,
          getErrHelpWidth: () => process2.stderr.isTTY ? process2.stderr.columns : void 0,
          getOutHasColors: () => useColor() ?? (process2.stdout.isTTY && process2.stdout.hasColors?.()),
          getErrHasColors: () => useColor() ?? (process2.stderr.isTTY && process2.stderr.hasColors?.()),
          stripColor: (str) => stripColor(str)
        };
        this._hidden = false;
        this._helpOption = void 0;
        this._addImplicitHelpCommand = void 0;
        this._helpCommand = void 0;
        this._helpConfiguration = {};
        this._helpGroupHeading = void 0;
        this._defaultCommandGroup = void 0;
        this._defaultOptionGroup = void 0;
      }
      /**
       * Copy settings that are useful to have in common across root command and subcommands.
       *
       * (Used internally when adding a command using `.command()` so subcommands inherit parent settings.)
       *
       * @param {Command} sourceCommand
       * @return {Command} `this` command for chaining
       */
      copyInheritedSettings(sourceCommand) {
        this._outputConfiguration = sourceCommand._outputConfiguration;
        this._helpOption = sourceCommand._helpOption;
        this._helpCommand = sourceCommand._helpCommand;
        this._helpConfiguration = sourceCommand._helpConfiguration;
        this._exitCallback = sourceCommand._exitCallback;
        this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties;
        this._combineFlagAndOptionalValue = sourceCommand._combineFlagAndOptionalValue;
        this._allowExcessArguments = sourceCommand._allowExcessArguments;
        this._enablePositionalOptions = sourceCommand._enablePositionalOptions;
        this._showHelpAfterError = sourceCommand._showHelpAfterError;
        this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError;
        return this;
      }
      /**
       * @returns {Command[]}
       * @private
       */
      _getCommandAndAncestors() {
        const result = [];
        for (let command = this; command; command = command.parent) {
          result.push(command);
        }
        return result;
      }
      /**
       * Define a command.
       *
       * There are two styles of command: pay attention to where to put the description.
       *
       * @example
       * // Command implemented using action handler (description is supplied separately to `.command`)
       * program
       *   .command('clone <source> [destination]')
       *   .description('clone a repository into a newly created directory')
       *   .action((source, destination) => {
       *     console.log('clone command called');
       *   });
       *
       * // Command implemented using separate executable file (description is second parameter to `.command`)
       * program
       *   .command('start <service>', 'start named service')
       *   .command('stop [service]', 'stop named service, or all if no name supplied');
       *
       * @param {string} nameAndArgs - command name and arguments, args are `<required>` or `[optional]` and last may also be `variadic...`
       * @param {(object | string)} [actionOptsOrExecDesc] - configuration options (for action), or description (for executable)
       * @param {object} [execOpts] - configuration options (for executable)
       * @return {Command} returns new command for action handler, or `this` for executable command
       */
      command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
        let desc = actionOptsOrExecDesc;
        let opts = execOpts;
        if (typeof desc === "object" && desc !== null) {
          opts = desc;
          desc = null;
        }
        opts = opts || {};
        const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/);
        const cmd = this.createCommand(name);
        if (desc) {
          cmd.description(desc);
          cmd._executableHandler = true;
        }
        if (opts.isDefault) this._defaultCommandName = cmd._name;
        cmd._hidden = !!(opts.noHelp || opts.hidden);
        cmd._executableFile = opts.executableFile || null;
        if (args) cmd.arguments(args);
        this._registerCommand(cmd);
        cmd.parent = this;
        cmd.copyInheritedSettings(this);
        if (desc) return this;
        return cmd;
      }
      /**
       * Factory routine to create a new unattached command.
       *
       * See .command() for creating an attached subcommand, which uses this routine to
       * create the command. You can override createCommand to customise subcommands.
       *
       * @param {string} [name]
       * @return {Command} new command
       */
      createCommand(name) {
        return new _Command(name);
      }
      /**
       * You can customise the help with a subclass of Help by overriding createHelp,
       * or by overriding Help properties using configureHelp().
       *
       * @return {Help}
       */
      createHelp() {
        return Object.assign(new Help2(), this.configureHelp());
      }
      /**
       * You can customise the help by overriding Help properties using configureHelp(),
       * or with a subclass of Help by overriding createHelp().
       *
       * @param {object} [configuration] - configuration options
       * @return {(Command | object)} `this` command for chaining, or stored configuration
       */
      configureHelp(configuration) {
        if (configuration === void 0) return this._helpConfiguration;
        this._helpConfiguration = configuration;
        return this;
      }
      /**
       * The default output goes to stdout and stderr. You can customise this for special
       * applications. You can also customise the display of errors by overriding outputError.
       *
       * The configuration properties are all functions:
       *
       *     // change how output being written, defaults to stdout and stderr
       *     writeOut(str)
       *     writeErr(str)
       *     // change how output being written for errors, defaults to writeErr
       *     outputError(str, write) // used for displaying errors and not used for displaying help
       *     // specify width for wrapping help
       *     getOutHelpWidth()
       *     getErrHelpWidth()
       *     // color support, currently only used with Help
       *     getOutHasColors()
       *     getErrHasColors()
       *     stripColor() // used to remove ANSI escape codes if output does not have colors
       *
       * @param {object} [configuration] - configuration options
       * @return {(Command | object)} `this` command for chaining, or stored configuration
       */
      configureOutput(configuration) {
        if (configuration === void 0) return this._outputConfiguration;
        this._outputConfiguration = {
          ...this._outputConfiguration,
          ...configuration
        };
        return this;
      }
      /**
       * Display the help or a custom message after an error occurs.
       *
       * @param {(boolean|string)} [displayHelp]
       * @return {Command} `this` command for chaining
       */
      showHelpAfterError(displayHelp = true) {
        if (typeof displayHelp !== "string") displayHelp = !!displayHelp;
        this._showHelpAfterError = displayHelp;
        return this;
      }
      /**
       * Display suggestion of similar commands for unknown commands, or options for unknown options.
       *
       * @param {boolean} [displaySuggestion]
       * @return {Command} `this` command for chaining
       */
      showSuggestionAfterError(displaySuggestion = true) {
        this._showSuggestionAfterError = !!displaySuggestion;
        return this;
      }
      /**
       * Add a prepared subcommand.
       *
       * See .command() for creating an attached subcommand which inherits settings from its parent.
       *
       * @param {Command} cmd - new subcommand
       * @param {object} [opts] - configuration options
       * @return {Command} `this` command for chaining
       */
      addCommand(cmd, opts) {
        if (!cmd._name) {
          throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
        }
        opts = opts || {};
        if (opts.isDefault) this._defaultCommandName = cmd._name;
        if (opts.noHelp || opts.hidden) cmd._hidden = true;
        this._registerCommand(cmd);
        cmd.parent = this;
        cmd._checkForBrokenPassThrough();
        return this;
      }
      /**
       * Factory routine to create a new unattached argument.
       *
       * See .argument() for creating an attached argument, which uses this routine to
       * create the argument. You can override createArgument to return a custom argument.
       *
       * @param {string} name
       * @param {string} [description]
       * @return {Argument} new argument
       */
      createArgument(name, description) {
        return new Argument2(name, description);
      }
      /**
       * Define argument syntax for command.
       *
       * The default is that the argument is required, and you can explicitly
       * indicate this with <> around the name. Put [] around the name for an optional argument.
       *
       * @example
       * program.argument('<input-file>');
       * program.argument('[output-file]');
       *
       * @param {string} name
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom argument processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      argument(name, description, parseArg, defaultValue) {
        const argument = this.createArgument(name, description);
        if (typeof parseArg === "function") {
          argument.default(defaultValue).argParser(parseArg);
        } else {
          argument.default(parseArg);
        }
        this.addArgument(argument);
        return this;
      }
      /**
       * Define argument syntax for command, adding multiple at once (without descriptions).
       *
       * See also .argument().
       *
       * @example
       * program.arguments('<cmd> [env]');
       *
       * @param {string} names
       * @return {Command} `this` command for chaining
       */
      arguments(names) {
        names.trim().split(/ +/).forEach((detail) => {
          this.argument(detail);
        });
        return this;
      }
      /**
       * Define argument syntax for command, adding a prepared argument.
       *
       * @param {Argument} argument
       * @return {Command} `this` command for chaining
       */
      addArgument(argument) {
        const previousArgument = this.registeredArguments.slice(-1)[0];
        if (previousArgument?.variadic) {
          throw new Error(
            `only the last argument can be variadic '${previousArgument.name()}'`
          );
        }
        if (argument.required && argument.defaultValue !== void 0 && argument.parseArg === void 0) {
          throw new Error(
            `a default value for a required argument is never used: '${argument.name()}'`
          );
        }
        this.registeredArguments.push(argument);
        return this;
      }
      /**
       * Customise or override default help command. By default a help command is automatically added if your command has subcommands.
       *
       * @example
       *    program.helpCommand('help [cmd]');
       *    program.helpCommand('help [cmd]', 'show help');
       *    program.helpCommand(false); // suppress default help command
       *    program.helpCommand(true); // add help command even if no subcommands
       *
       * @param {string|boolean} enableOrNameAndArgs - enable with custom name and/or arguments, or boolean to override whether added
       * @param {string} [description] - custom description
       * @return {Command} `this` command for chaining
       */
      helpCommand(enableOrNameAndArgs, description) {
        if (typeof enableOrNameAndArgs === "boolean") {
          this._addImplicitHelpCommand = enableOrNameAndArgs;
          if (enableOrNameAndArgs && this._defaultCommandGroup) {
            this._initCommandGroup(this._getHelpCommand());
          }
          return this;
        }
        const nameAndArgs = enableOrNameAndArgs ?? "help [command]";
        const [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/);
        const helpDescription = description ?? "display help for command";
        const helpCommand = this.createCommand(helpName);
        helpCommand.helpOption(false);
        if (helpArgs) helpCommand.arguments(helpArgs);
        if (helpDescription) helpCommand.description(helpDescription);
        this._addImplicitHelpCommand = true;
        this._helpCommand = helpCommand;
        if (enableOrNameAndArgs || description) this._initCommandGroup(helpCommand);
        return this;
      }
      /**
       * Add prepared custom help command.
       *
       * @param {(Command|string|boolean)} helpCommand - custom help command, or deprecated enableOrNameAndArgs as for `.helpCommand()`
       * @param {string} [deprecatedDescription] - deprecated custom description used with custom name only
       * @return {Command} `this` command for chaining
       */
      addHelpCommand(helpCommand, deprecatedDescription) {
        if (typeof helpCommand !== "object") {
          this.helpCommand(helpCommand, deprecatedDescription);
          return this;
        }
        this._addImplicitHelpCommand = true;
        this._helpCommand = helpCommand;
        this._initCommandGroup(helpCommand);
        return this;
      }
      /**
       * Lazy create help command.
       *
       * @return {(Command|null)}
       * @package
       */
      _getHelpCommand() {
        const hasImplicitHelpCommand = this._addImplicitHelpCommand ?? (this.commands.length && !this._actionHandler && !this._findCommand("help"));
        if (hasImplicitHelpCommand) {
          if (this._helpCommand === void 0) {
            this.helpCommand(void 0, void 0);
          }
          return this._helpCommand;
        }
        return null;
      }
      /**
       * Add hook for life cycle event.
       *
       * @param {string} event
       * @param {Function} listener
       * @return {Command} `this` command for chaining
       */
      hook(event, listener) {
        const allowedValues = ["preSubcommand", "preAction", "postAction"];
        if (!allowedValues.includes(event)) {
          throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
        }
        if (this._lifeCycleHooks[event]) {
          this._lifeCycleHooks[event].push(listener);
        } else {
          this._lifeCycleHooks[event] = [listener];
        }
        return this;
      }
      /**
       * Register callback to use as replacement for calling process.exit.
       *
       * @param {Function} [fn] optional callback which will be passed a CommanderError, defaults to throwing
       * @return {Command} `this` command for chaining
       */
      exitOverride(fn2) {
        if (fn2) {
          this._exitCallback = fn2;
        } else {
          this._exitCallback = (err) => {
            if (err.code !== "commander.executeSubCommandAsync") {
              throw err;
            } else {
            }
          };
        }
        return this;
      }
      /**
       * Call process.exit, and _exitCallback if defined.
       *
       * @param {number} exitCode exit code for using with process.exit
       * @param {string} code an id string representing the error
       * @param {string} message human-readable description of the error
       * @return never
       * @private
       */
      _exit(exitCode, code, message) {
        if (this._exitCallback) {
          this._exitCallback(new CommanderError2(exitCode, code, message));
        }
        process2.exit(exitCode);
      }
      /**
       * Register callback `fn` for the command.
       *
       * @example
       * program
       *   .command('serve')
       *   .description('start service')
       *   .action(function() {
       *      // do work here
       *   });
       *
       * @param {Function} fn
       * @return {Command} `this` command for chaining
       */
      action(fn2) {
        const listener = (args) => {
          const expectedArgsCount = this.registeredArguments.length;
          const actionArgs = args.slice(0, expectedArgsCount);
          if (this._storeOptionsAsProperties) {
            actionArgs[expectedArgsCount] = this;
          } else {
            actionArgs[expectedArgsCount] = this.opts();
          }
          actionArgs.push(this);
          return fn2.apply(this, actionArgs);
        };
        this._actionHandler = listener;
        return this;
      }
      /**
       * Factory routine to create a new unattached option.
       *
       * See .option() for creating an attached option, which uses this routine to
       * create the option. You can override createOption to return a custom option.
       *
       * @param {string} flags
       * @param {string} [description]
       * @return {Option} new option
       */
      createOption(flags, description) {
        return new Option2(flags, description);
      }
      /**
       * Wrap parseArgs to catch 'commander.invalidArgument'.
       *
       * @param {(Option | Argument)} target
       * @param {string} value
       * @param {*} previous
       * @param {string} invalidArgumentMessage
       * @private
       */
      _callParseArg(target, value, previous, invalidArgumentMessage) {
        try {
          return target.parseArg(value, previous);
        } catch (err) {
          if (err.code === "commander.invalidArgument") {
            const message = `${invalidArgumentMessage} ${err.message}`;
            this.error(message, { exitCode: err.exitCode, code: err.code });
          }
          throw err;
        }
      }
      /**
       * Check for option flag conflicts.
       * Register option if no conflicts found, or throw on conflict.
       *
       * @param {Option} option
       * @private
       */
      _registerOption(option) {
        const matchingOption = option.short && this._findOption(option.short) || option.long && this._findOption(option.long);
        if (matchingOption) {
          const matchingFlag = option.long && this._findOption(option.long) ? option.long : option.short;
          throw new Error(`Cannot add option '${option.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
        }
        this._initOptionGroup(option);
        this.options.push(option);
      }
      /**
       * Check for command name and alias conflicts with existing commands.
       * Register command if no conflicts found, or throw on conflict.
       *
       * @param {Command} command
       * @private
       */
      _registerCommand(command) {
        const knownBy = (cmd) => {
          return [cmd.name()].concat(cmd.aliases());
        };
        const alreadyUsed = knownBy(command).find(
          (name) => this._findCommand(name)
        );
        if (alreadyUsed) {
          const existingCmd = knownBy(this._findCommand(alreadyUsed)).join("|");
          const newCmd = knownBy(command).join("|");
          throw new Error(
            `cannot add command '${newCmd}' as already have command '${existingCmd}'`
          );
        }
        this._initCommandGroup(command);
        this.commands.push(command);
      }
      /**
       * Add an option.
       *
       * @param {Option} option
       * @return {Command} `this` command for chaining
       */
      addOption(option) {
        this._registerOption(option);
        const oname = option.name();
        const name = option.attributeName();
        if (option.negate) {
          const positiveLongFlag = option.long.replace(/^--no-/, "--");
          if (!this._findOption(positiveLongFlag)) {
            this.setOptionValueWithSource(
              name,
              option.defaultValue === void 0 ? true : option.defaultValue,
              "default"
            );
          }
        } else if (option.defaultValue !== void 0) {
          this.setOptionValueWithSource(name, option.defaultValue, "default");
        }
        const handleOptionValue = (val, invalidValueMessage, valueSource) => {
          if (val == null && option.presetArg !== void 0) {
            val = option.presetArg;
          }
          const oldValue = this.getOptionValue(name);
          if (val !== null && option.parseArg) {
            val = this._callParseArg(option, val, oldValue, invalidValueMessage);
          } else if (val !== null && option.variadic) {
            val = option._collectValue(val, oldValue);
          }
          if (val == null) {
            if (option.negate) {
              val = false;
            } else if (option.isBoolean() || option.optional) {
              val = true;
            } else {
              val = "";
            }
          }
          this.setOptionValueWithSource(name, val, valueSource);
        };
        this.on("option:" + oname, (val) => {
          const invalidValueMessage = `error: option '${option.flags}' argument '${val}' is invalid.`;
          handleOptionValue(val, invalidValueMessage, "cli");
        });
        if (option.envVar) {
          this.on("optionEnv:" + oname, (val) => {
            const invalidValueMessage = `error: option '${option.flags}' value '${val}' from env '${option.envVar}' is invalid.`;
            handleOptionValue(val, invalidValueMessage, "env");
          });
        }
        return this;
      }
      /**
       * Internal implementation shared by .option() and .requiredOption()
       *
       * @return {Command} `this` command for chaining
       * @private
       */
      _optionEx(config, flags, description, fn2, defaultValue) {
        if (typeof flags === "object" && flags instanceof Option2) {
          throw new Error(
            "To add an Option object use addOption() instead of option() or requiredOption()"
          );
        }
        const option = this.createOption(flags, description);
        option.makeOptionMandatory(!!config.mandatory);
        if (typeof fn2 === "function") {
          option.default(defaultValue).argParser(fn2);
        } else if (fn2 instanceof RegExp) {
          const regex = fn2;
          fn2 = (val, def) => {
            const m = regex.exec(val);
            return m ? m[0] : def;
          };
          option.default(defaultValue).argParser(fn2);
        } else {
          option.default(fn2);
        }
        return this.addOption(option);
      }
      /**
       * Define option with `flags`, `description`, and optional argument parsing function or `defaultValue` or both.
       *
       * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space. A required
       * option-argument is indicated by `<>` and an optional option-argument by `[]`.
       *
       * See the README for more details, and see also addOption() and requiredOption().
       *
       * @example
       * program
       *     .option('-p, --pepper', 'add pepper')
       *     .option('--pt, --pizza-type <TYPE>', 'type of pizza') // required option-argument
       *     .option('-c, --cheese [CHEESE]', 'add extra cheese', 'mozzarella') // optional option-argument with default
       *     .option('-t, --tip <VALUE>', 'add tip to purchase cost', parseFloat) // custom parse function
       *
       * @param {string} flags
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom option processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      option(flags, description, parseArg, defaultValue) {
        return this._optionEx({}, flags, description, parseArg, defaultValue);
      }
      /**
       * Add a required option which must have a value after parsing. This usually means
       * the option must be specified on the command line. (Otherwise the same as .option().)
       *
       * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space.
       *
       * @param {string} flags
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom option processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      requiredOption(flags, description, parseArg, defaultValue) {
        return this._optionEx(
          { mandatory: true },
          flags,
          description,
          parseArg,
          defaultValue
        );
      }
      /**
       * Alter parsing of short flags with optional values.
       *
       * @example
       * // for `.option('-f,--flag [value]'):
       * program.combineFlagAndOptionalValue(true);  // `-f80` is treated like `--flag=80`, this is the default behaviour
       * program.combineFlagAndOptionalValue(false) // `-fb` is treated like `-f -b`
       *
       * @param {boolean} [combine] - if `true` or omitted, an optional value can be specified directly after the flag.
       * @return {Command} `this` command for chaining
       */
      combineFlagAndOptionalValue(combine = true) {
        this._combineFlagAndOptionalValue = !!combine;
        return this;
      }
      /**
       * Allow unknown options on the command line.
       *
       * @param {boolean} [allowUnknown] - if `true` or omitted, no error will be thrown for unknown options.
       * @return {Command} `this` command for chaining
       */
      allowUnknownOption(allowUnknown = true) {
        this._allowUnknownOption = !!allowUnknown;
        return this;
      }
      /**
       * Allow excess command-arguments on the command line. Pass false to make excess arguments an error.
       *
       * @param {boolean} [allowExcess] - if `true` or omitted, no error will be thrown for excess arguments.
       * @return {Command} `this` command for chaining
       */
      allowExcessArguments(allowExcess = true) {
        this._allowExcessArguments = !!allowExcess;
        return this;
      }
      /**
       * Enable positional options. Positional means global options are specified before subcommands which lets
       * subcommands reuse the same option names, and also enables subcommands to turn on passThroughOptions.
       * The default behaviour is non-positional and global options may appear anywhere on the command line.
       *
       * @param {boolean} [positional]
       * @return {Command} `this` command for chaining
       */
      enablePositionalOptions(positional = true) {
        this._enablePositionalOptions = !!positional;
        return this;
      }
      /**
       * Pass through options that come after command-arguments rather than treat them as command-options,
       * so actual command-options come before command-arguments. Turning this on for a subcommand requires
       * positional options to have been enabled on the program (parent commands).
       * The default behaviour is non-positional and options may appear before or after command-arguments.
       *
       * @param {boolean} [passThrough] for unknown options.
       * @return {Command} `this` command for chaining
       */
      passThroughOptions(passThrough = true) {
        this._passThroughOptions = !!passThrough;
        this._checkForBrokenPassThrough();
        return this;
      }
      /**
       * @private
       */
      _checkForBrokenPassThrough() {
        if (this.parent && this._passThroughOptions && !this.parent._enablePositionalOptions) {
          throw new Error(
            `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`
          );
        }
      }
      /**
       * Whether to store option values as properties on command object,
       * or store separately (specify false). In both cases the option values can be accessed using .opts().
       *
       * @param {boolean} [storeAsProperties=true]
       * @return {Command} `this` command for chaining
       */
      storeOptionsAsProperties(storeAsProperties = true) {
        if (this.options.length) {
          throw new Error("call .storeOptionsAsProperties() before adding options");
        }
        if (Object.keys(this._optionValues).length) {
          throw new Error(
            "call .storeOptionsAsProperties() before setting option values"
          );
        }
        this._storeOptionsAsProperties = !!storeAsProperties;
        return this;
      }
      /**
       * Retrieve option value.
       *
       * @param {string} key
       * @return {object} value
       */
      getOptionValue(key) {
        if (this._storeOptionsAsProperties) {
          return this[key];
        }
        return this._optionValues[key];
      }
      /**
       * Store option value.
       *
       * @param {string} key
       * @param {object} value
       * @return {Command} `this` command for chaining
       */
      setOptionValue(key, value) {
        return this.setOptionValueWithSource(key, value, void 0);
      }
      /**
       * Store option value and where the value came from.
       *
       * @param {string} key
       * @param {object} value
       * @param {string} source - expected values are default/config/env/cli/implied
       * @return {Command} `this` command for chaining
       */
      setOptionValueWithSource(key, value, source) {
        if (this._storeOptionsAsProperties) {
          this[key] = value;
        } else {
          this._optionValues[key] = value;
        }
        this._optionValueSources[key] = source;
        return this;
      }
      /**
       * Get source of option value.
       * Expected values are default | config | env | cli | implied
       *
       * @param {string} key
       * @return {string}
       */
      getOptionValueSource(key) {
        return this._optionValueSources[key];
      }
      /**
       * Get source of option value. See also .optsWithGlobals().
       * Expected values are default | config | env | cli | implied
       *
       * @param {string} key
       * @return {string}
       */
      getOptionValueSourceWithGlobals(key) {
        let source;
        this._getCommandAndAncestors().forEach((cmd) => {
          if (cmd.getOptionValueSource(key) !== void 0) {
            source = cmd.getOptionValueSource(key);
          }
        });
        return source;
      }
      /**
       * Get user arguments from implied or explicit arguments.
       * Side-effects: set _scriptPath if args included script. Used for default program name, and subcommand searches.
       *
       * @private
       */
      _prepareUserArgs(argv, parseOptions) {
        if (argv !== void 0 && !Array.isArray(argv)) {
          throw new Error("first parameter to parse must be array or undefined");
        }
        parseOptions = parseOptions || {};
        if (argv === void 0 && parseOptions.from === void 0) {
          if (process2.versions?.electron) {
            parseOptions.from = "electron";
          }
          const execArgv = process2.execArgv ?? [];
          if (execArgv.includes("-e") || execArgv.includes("--eval") || execArgv.includes("-p") || execArgv.includes("--print")) {
            parseOptions.from = "eval";
          }
        }
        if (argv === void 0) {
          argv = process2.argv;
        }
        this.rawArgs = argv.slice();
        let userArgs;
        switch (parseOptions.from) {
          case void 0:
          case "node":
            this._scriptPath = argv[1];
            userArgs = argv.slice(2);
            break;
          case "electron":
            if (process2.defaultApp) {
              this._scriptPath = argv[1];
              userArgs = argv.slice(2);
            } else {
              userArgs = argv.slice(1);
            }
            break;
          case "user":
            userArgs = argv.slice(0);
            break;
          case "eval":
            userArgs = argv.slice(1);
            break;
          default:
            throw new Error(
              `unexpected parse option { from: '${parseOptions.from}' }`
            );
        }
        if (!this._name && this._scriptPath)
          this.nameFromFilename(this._scriptPath);
        this._name = this._name || "program";
        return userArgs;
      }
      /**
       * Parse `argv`, setting options and invoking commands when defined.
       *
       * Use parseAsync instead of parse if any of your action handlers are async.
       *
       * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
       *
       * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
       * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
       * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
       * - `'user'`: just user arguments
       *
       * @example
       * program.parse(); // parse process.argv and auto-detect electron and special node flags
       * program.parse(process.argv); // assume argv[0] is app and argv[1] is script
       * program.parse(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
       *
       * @param {string[]} [argv] - optional, defaults to process.argv
       * @param {object} [parseOptions] - optionally specify style of options with from: node/user/electron
       * @param {string} [parseOptions.from] - where the args are from: 'node', 'user', 'electron'
       * @return {Command} `this` command for chaining
       */
      parse(argv, parseOptions) {
        this._prepareForParse();
        const userArgs = this._prepareUserArgs(argv, parseOptions);
        this._parseCommand([], userArgs);
        return this;
      }
      /**
       * Parse `argv`, setting options and invoking commands when defined.
       *
       * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
       *
       * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
       * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
       * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
       * - `'user'`: just user arguments
       *
       * @example
       * await program.parseAsync(); // parse process.argv and auto-detect electron and special node flags
       * await program.parseAsync(process.argv); // assume argv[0] is app and argv[1] is script
       * await program.parseAsync(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
       *
       * @param {string[]} [argv]
       * @param {object} [parseOptions]
       * @param {string} parseOptions.from - where the args are from: 'node', 'user', 'electron'
       * @return {Promise}
       */
      async parseAsync(argv, parseOptions) {
        this._prepareForParse();
        const userArgs = this._prepareUserArgs(argv, parseOptions);
        await this._parseCommand([], userArgs);
        return this;
      }
      _prepareForParse() {
        if (this._savedState === null) {
          this.saveStateBeforeParse();
        } else {
          this.restoreStateBeforeParse();
        }
      }
      /**
       * Called the first time parse is called to save state and allow a restore before subsequent calls to parse.
       * Not usually called directly, but available for subclasses to save their custom state.
       *
       * This is called in a lazy way. Only commands used in parsing chain will have state saved.
       */
      saveStateBeforeParse() {
        this._savedState = {
          // name is stable if supplied by author, but may be unspecified for root command and deduced during parsing
          _name: this._name,
          // option values before parse have default values (including false for negated options)
          // shallow clones
          _optionValues: { ...this._optionValues },
          _optionValueSources: { ...this._optionValueSources }
        };
      }
      /**
       * Restore state before parse for calls after the first.
       * Not usually called directly, but available for subclasses to save their custom state.
       *
       * This is called in a lazy way. Only commands used in parsing chain will have state restored.
       */
      restoreStateBeforeParse() {
        if (this._storeOptionsAsProperties)
          throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);
        this._name = this._savedState._name;
        this._scriptPath = null;
        this.rawArgs = [];
        this._optionValues = { ...this._savedState._optionValues };
        this._optionValueSources = { ...this._savedState._optionValueSources };
        this.args = [];
        this.processedArgs = [];
      }
      /**
       * Throw if expected executable is missing. Add lots of help for author.
       *
       * @param {string} executableFile
       * @param {string} executableDir
       * @param {string} subcommandName
       */
      _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
        if (fs2.existsSync(executableFile)) return;
        const executableDirMessage = executableDir ? `searched for local subcommand relative to directory '${executableDir}'` : "no directory for search for local subcommand, use .executableDir() to supply a custom directory";
        const executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
        throw new Error(executableMissing);
      }
      /**
       * Execute a sub-command executable.
       *
       * @private
       */
      _executeSubCommand(subcommand, args) {
        args = args.slice();
        let launchWithNode = false;
        const sourceExt = [".js", ".ts", ".tsx", ".mjs", ".cjs"];
        function findFile(baseDir, baseName) {
          const localBin = path.resolve(baseDir, baseName);
          if (fs2.existsSync(localBin)) return localBin;
          if (sourceExt.includes(path.extname(baseName))) return void 0;
          const foundExt = sourceExt.find(
            (ext) => fs2.existsSync(`${localBin}${ext}`)
          );
          if (foundExt) return `${localBin}${foundExt}`;
          return void 0;
        }
        this._checkForMissingMandatoryOptions();
        this._checkForConflictingOptions();
        let executableFile = subcommand._executableFile || `${this._name}-${subcommand._name}`;
        let executableDir = this._executableDir || "";
        if (this._scriptPath) {
          let resolvedScriptPath;
          try {
            resolvedScriptPath = fs2.realpathSync(this._scriptPath);
          } catch {
            resolvedScriptPath = this._scriptPath;
          }
          executableDir = path.resolve(
            path.dirname(resolvedScriptPath),
            executableDir
          );
        }
        if (executableDir) {
          let localFile = findFile(executableDir, executableFile);
          if (!localFile && !subcommand._executableFile && this._scriptPath) {
            const legacyName = path.basename(
              this._scriptPath,
              path.extname(this._scriptPath)
            );
            if (legacyName !== this._name) {
              localFile = findFile(
                executableDir,
                `${legacyName}-${subcommand._name}`
              );
            }
          }
          executableFile = localFile || executableFile;
        }
        launchWithNode = sourceExt.includes(path.extname(executableFile));
        let proc;
        if (process2.platform !== "win32") {
          if (launchWithNode) {
            args.unshift(executableFile);
            args = incrementNodeInspectorPort(process2.execArgv).concat(args);
            proc = childProcess.spawn(process2.argv[0], args, { stdio: "inherit" });
          } else {
            proc = childProcess.spawn(executableFile, args, { stdio: "inherit" });
          }
        } else {
          this._checkForMissingExecutable(
            executableFile,
            executableDir,
            subcommand._name
          );
          args.unshift(executableFile);
          args = incrementNodeInspectorPort(process2.execArgv).concat(args);
          proc = childProcess.spawn(process2.execPath, args, { stdio: "inherit" });
        }
        if (!proc.killed) {
          const signals = ["SIGUSR1", "SIGUSR2", "SIGTERM", "SIGINT", "SIGHUP"];
          signals.forEach((signal) => {
            process2.on(signal, () => {
              if (proc.killed === false && proc.exitCode === null) {
                proc.kill(signal);
              }
            });
          });
        }
        const exitCallback = this._exitCallback;
        proc.on("close", (code) => {
          code = code ?? 1;
          if (!exitCallback) {
            process2.exit(code);
          } else {
            exitCallback(
              new CommanderError2(
                code,
                "commander.executeSubCommandAsync",
                "(close)"
              )
            );
          }
        });
        proc.on("error", (err) => {
          if (err.code === "ENOENT") {
            this._checkForMissingExecutable(
              executableFile,
              executableDir,
              subcommand._name
            );
          } else if (err.code === "EACCES") {
            throw new Error(`'${executableFile}' not executable`);
          }
          if (!exitCallback) {
            process2.exit(1);
          } else {
            const wrappedError = new CommanderError2(
              1,
              "commander.executeSubCommandAsync",
              "(error)"
            );
            wrappedError.nestedError = err;
            exitCallback(wrappedError);
          }
        });
        this.runningCommand = proc;
      }
      /**
       * @private
       */
      _dispatchSubcommand(commandName, operands, unknown) {
        const subCommand = this._findCommand(commandName);
        if (!subCommand) this.help({ error: true });
        subCommand._prepareForParse();
        let promiseChain;
        promiseChain = this._chainOrCallSubCommandHook(
          promiseChain,
          subCommand,
          "preSubcommand"
        );
        promiseChain = this._chainOrCall(promiseChain, () => {
          if (subCommand._executableHandler) {
            this._executeSubCommand(subCommand, operands.concat(unknown));
          } else {
            return subCommand._parseCommand(operands, unknown);
          }
        });
        return promiseChain;
      }
      /**
       * Invoke help directly if possible, or dispatch if necessary.
       * e.g. help foo
       *
       * @private
       */
      _dispatchHelpCommand(subcommandName) {
        if (!subcommandName) {
          this.help();
        }
        const subCommand = this._findCommand(subcommandName);
        if (subCommand && !subCommand._executableHandler) {
          subCommand.help();
        }
        return this._dispatchSubcommand(
          subcommandName,
          [],
          [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? "--help"]
        );
      }
      /**
       * Check this.args against expected this.registeredArguments.
       *
       * @private
       */
      _checkNumberOfArguments() {
        this.registeredArguments.forEach((arg, i) => {
          if (arg.required && this.args[i] == null) {
            this.missingArgument(arg.name());
          }
        });
        if (this.registeredArguments.length > 0 && this.registeredArguments[this.registeredArguments.length - 1].variadic) {
          return;
        }
        if (this.args.length > this.registeredArguments.length) {
          this._excessArguments(this.args);
        }
      }
      /**
       * Process this.args using this.registeredArguments and save as this.processedArgs!
       *
       * @private
       */
      _processArguments() {
        const myParseArg = (argument, value, previous) => {
          let parsedValue = value;
          if (value !== null && argument.parseArg) {
            const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
            parsedValue = this._callParseArg(
              argument,
              value,
              previous,
              invalidValueMessage
            );
          }
          return parsedValue;
        };
        this._checkNumberOfArguments();
        const processedArgs = [];
        this.registeredArguments.forEach((declaredArg, index) => {
          let value = declaredArg.defaultValue;
          if (declaredArg.variadic) {
            if (index < this.args.length) {
              value = this.args.slice(index);
              if (declaredArg.parseArg) {
                value = value.reduce((processed, v2) => {
                  return myParseArg(declaredArg, v2, processed);
                }, declaredArg.defaultValue);
              }
            } else if (value === void 0) {
              value = [];
            }
          } else if (index < this.args.length) {
            value = this.args[index];
            if (declaredArg.parseArg) {
              value = myParseArg(declaredArg, value, declaredArg.defaultValue);
            }
          }
          processedArgs[index] = value;
        });
        this.processedArgs = processedArgs;
      }
      /**
       * Once we have a promise we chain, but call synchronously until then.
       *
       * @param {(Promise|undefined)} promise
       * @param {Function} fn
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCall(promise, fn2) {
        if (promise?.then && typeof promise.then === "function") {
          return promise.then(() => fn2());
        }
        return fn2();
      }
      /**
       *
       * @param {(Promise|undefined)} promise
       * @param {string} event
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCallHooks(promise, event) {
        let result = promise;
        const hooks = [];
        this._getCommandAndAncestors().reverse().filter((cmd) => cmd._lifeCycleHooks[event] !== void 0).forEach((hookedCommand) => {
          hookedCommand._lifeCycleHooks[event].forEach((callback) => {
            hooks.push({ hookedCommand, callback });
          });
        });
        if (event === "postAction") {
          hooks.reverse();
        }
        hooks.forEach((hookDetail) => {
          result = this._chainOrCall(result, () => {
            return hookDetail.callback(hookDetail.hookedCommand, this);
          });
        });
        return result;
      }
      /**
       *
       * @param {(Promise|undefined)} promise
       * @param {Command} subCommand
       * @param {string} event
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCallSubCommandHook(promise, subCommand, event) {
        let result = promise;
        if (this._lifeCycleHooks[event] !== void 0) {
          this._lifeCycleHooks[event].forEach((hook) => {
            result = this._chainOrCall(result, () => {
              return hook(this, subCommand);
            });
          });
        }
        return result;
      }
      /**
       * Process arguments in context of this command.
       * Returns action result, in case it is a promise.
       *
       * @private
       */
      _parseCommand(operands, unknown) {
        const parsed = this.parseOptions(unknown);
        this._parseOptionsEnv();
        this._parseOptionsImplied();
        operands = operands.concat(parsed.operands);
        unknown = parsed.unknown;
        this.args = operands.concat(unknown);
        if (operands && this._findCommand(operands[0])) {
          return this._dispatchSubcommand(operands[0], operands.slice(1), unknown);
        }
        if (this._getHelpCommand() && operands[0] === this._getHelpCommand().name()) {
          return this._dispatchHelpCommand(operands[1]);
        }
        if (this._defaultCommandName) {
          this._outputHelpIfRequested(unknown);
          return this._dispatchSubcommand(
            this._defaultCommandName,
            operands,
            unknown
          );
        }
        if (this.commands.length && this.args.length === 0 && !this._actionHandler && !this._defaultCommandName) {
          this.help({ error: true });
        }
        this._outputHelpIfRequested(parsed.unknown);
        this._checkForMissingMandatoryOptions();
        this._checkForConflictingOptions();
        const checkForUnknownOptions = () => {
          if (parsed.unknown.length > 0) {
            this.unknownOption(parsed.unknown[0]);
          }
        };
        const commandEvent = `command:${this.name()}`;
        if (this._actionHandler) {
          checkForUnknownOptions();
          this._processArguments();
          let promiseChain;
          promiseChain = this._chainOrCallHooks(promiseChain, "preAction");
          promiseChain = this._chainOrCall(
            promiseChain,
            () => this._actionHandler(this.processedArgs)
          );
          if (this.parent) {
            promiseChain = this._chainOrCall(promiseChain, () => {
              this.parent.emit(commandEvent, operands, unknown);
            });
          }
          promiseChain = this._chainOrCallHooks(promiseChain, "postAction");
          return promiseChain;
        }
        if (this.parent?.listenerCount(commandEvent)) {
          checkForUnknownOptions();
          this._processArguments();
          this.parent.emit(commandEvent, operands, unknown);
        } else if (operands.length) {
          if (this._findCommand("*")) {
            return this._dispatchSubcommand("*", operands, unknown);
          }
          if (this.listenerCount("command:*")) {
            this.emit("command:*", operands, unknown);
          } else if (this.commands.length) {
            this.unknownCommand();
          } else {
            checkForUnknownOptions();
            this._processArguments();
          }
        } else if (this.commands.length) {
          checkForUnknownOptions();
          this.help({ error: true });
        } else {
          checkForUnknownOptions();
          this._processArguments();
        }
      }
      /**
       * Find matching command.
       *
       * @private
       * @return {Command | undefined}
       */
      _findCommand(name) {
        if (!name) return void 0;
        return this.commands.find(
          (cmd) => cmd._name === name || cmd._aliases.includes(name)
        );
      }
      /**
       * Return an option matching `arg` if any.
       *
       * @param {string} arg
       * @return {Option}
       * @package
       */
      _findOption(arg) {
        return this.options.find((option) => option.is(arg));
      }
      /**
       * Display an error message if a mandatory option does not have a value.
       * Called after checking for help flags in leaf subcommand.
       *
       * @private
       */
      _checkForMissingMandatoryOptions() {
        this._getCommandAndAncestors().forEach((cmd) => {
          cmd.options.forEach((anOption) => {
            if (anOption.mandatory && cmd.getOptionValue(anOption.attributeName()) === void 0) {
              cmd.missingMandatoryOptionValue(anOption);
            }
          });
        });
      }
      /**
       * Display an error message if conflicting options are used together in this.
       *
       * @private
       */
      _checkForConflictingLocalOptions() {
        const definedNonDefaultOptions = this.options.filter((option) => {
          const optionKey = option.attributeName();
          if (this.getOptionValue(optionKey) === void 0) {
            return false;
          }
          return this.getOptionValueSource(optionKey) !== "default";
        });
        const optionsWithConflicting = definedNonDefaultOptions.filter(
          (option) => option.conflictsWith.length > 0
        );
        optionsWithConflicting.forEach((option) => {
          const conflictingAndDefined = definedNonDefaultOptions.find(
            (defined) => option.conflictsWith.includes(defined.attributeName())
          );
          if (conflictingAndDefined) {
            this._conflictingOption(option, conflictingAndDefined);
          }
        });
      }
      /**
       * Display an error message if conflicting options are used together.
       * Called after checking for help flags in leaf subcommand.
       *
       * @private
       */
      _checkForConflictingOptions() {
        this._getCommandAndAncestors().forEach((cmd) => {
          cmd._checkForConflictingLocalOptions();
        });
      }
      /**
       * Parse options from `argv` removing known options,
       * and return argv split into operands and unknown arguments.
       *
       * Side effects: modifies command by storing options. Does not reset state if called again.
       *
       * Examples:
       *
       *     argv => operands, unknown
       *     --known kkk op => [op], []
       *     op --known kkk => [op], []
       *     sub --unknown uuu op => [sub], [--unknown uuu op]
       *     sub -- --unknown uuu op => [sub --unknown uuu op], []
       *
       * @param {string[]} args
       * @return {{operands: string[], unknown: string[]}}
       */
      parseOptions(args) {
        const operands = [];
        const unknown = [];
        let dest = operands;
        function maybeOption(arg) {
          return arg.length > 1 && arg[0] === "-";
        }
        const negativeNumberArg = (arg) => {
          if (!/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg)) return false;
          return !this._getCommandAndAncestors().some(
            (cmd) => cmd.options.map((opt) => opt.short).some((short) => /^-\d$/.test(short))
          );
        };
        let activeVariadicOption = null;
        let activeGroup = null;
        let i = 0;
        while (i < args.length || activeGroup) {
          const arg = activeGroup ?? args[i++];
          activeGroup = null;
          if (arg === "--") {
            if (dest === unknown) dest.push(arg);
            dest.push(...args.slice(i));
            break;
          }
          if (activeVariadicOption && (!maybeOption(arg) || negativeNumberArg(arg))) {
            this.emit(`option:${activeVariadicOption.name()}`, arg);
            continue;
          }
          activeVariadicOption = null;
          if (maybeOption(arg)) {
            const option = this._findOption(arg);
            if (option) {
              if (option.required) {
                const value = args[i++];
                if (value === void 0) this.optionMissingArgument(option);
                this.emit(`option:${option.name()}`, value);
              } else if (option.optional) {
                let value = null;
                if (i < args.length && (!maybeOption(args[i]) || negativeNumberArg(args[i]))) {
                  value = args[i++];
                }
                this.emit(`option:${option.name()}`, value);
              } else {
                this.emit(`option:${option.name()}`);
              }
              activeVariadicOption = option.variadic ? option : null;
              continue;
            }
          }
          if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
            const option = this._findOption(`-${arg[1]}`);
            if (option) {
              if (option.required || option.optional && this._combineFlagAndOptionalValue) {
                this.emit(`option:${option.name()}`, arg.slice(2));
              } else {
                this.emit(`option:${option.name()}`);
                activeGroup = `-${arg.slice(2)}`;
              }
              continue;
            }
          }
          if (/^--[^=]+=/.test(arg)) {
            const index = arg.indexOf("=");
            const option = this._findOption(arg.slice(0, index));
            if (option && (option.required || option.optional)) {
              this.emit(`option:${option.name()}`, arg.slice(index + 1));
              continue;
            }
          }
          if (dest === operands && maybeOption(arg) && !(this.commands.length === 0 && negativeNumberArg(arg))) {
            dest = unknown;
          }
          if ((this._enablePositionalOptions || this._passThroughOptions) && operands.length === 0 && unknown.length === 0) {
            if (this._findCommand(arg)) {
              operands.push(arg);
              unknown.push(...args.slice(i));
              break;
            } else if (this._getHelpCommand() && arg === this._getHelpCommand().name()) {
              operands.push(arg, ...args.slice(i));
              break;
            } else if (this._defaultCommandName) {
              unknown.push(arg, ...args.slice(i));
              break;
            }
          }
          if (this._passThroughOptions) {
            dest.push(arg, ...args.slice(i));
            break;
          }
          dest.push(arg);
        }
        return { operands, unknown };
      }
      /**
       * Return an object containing local option values as key-value pairs.
       *
       * @return {object}
       */
      opts() {
        if (this._storeOptionsAsProperties) {
          const result = {};
          const len = this.options.length;
          for (let i = 0; i < len; i++) {
            const key = this.options[i].attributeName();
            result[key] = key === this._versionOptionName ? this._version : this[key];
          }
          return result;
        }
        return this._optionValues;
      }
      /**
       * Return an object containing merged local and global option values as key-value pairs.
       *
       * @return {object}
       */
      optsWithGlobals() {
        return this._getCommandAndAncestors().reduce(
          (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
          {}
        );
      }
      /**
       * Display error message and exit (or call exitOverride).
       *
       * @param {string} message
       * @param {object} [errorOptions]
       * @param {string} [errorOptions.code] - an id string representing the error
       * @param {number} [errorOptions.exitCode] - used with process.exit
       */
      error(message, errorOptions) {
        this._outputConfiguration.outputError(
          `${message}
`,
          this._outputConfiguration.writeErr
        );
        if (typeof this._showHelpAfterError === "string") {
          this._outputConfiguration.writeErr(`${this._showHelpAfterError}
`);
        } else if (this._showHelpAfterError) {
          this._outputConfiguration.writeErr("\n");
          this.outputHelp({ error: true });
        }
        const config = errorOptions || {};
        const exitCode = config.exitCode || 1;
        const code = config.code || "commander.error";
        this._exit(exitCode, code, message);
      }
      /**
       * Apply any option related environment variables, if option does
       * not have a value from cli or client code.
       *
       * @private
       */
      _parseOptionsEnv() {
        this.options.forEach((option) => {
          if (option.envVar && option.envVar in process2.env) {
            const optionKey = option.attributeName();
            if (this.getOptionValue(optionKey) === void 0 || ["default", "config", "env"].includes(
              this.getOptionValueSource(optionKey)
            )) {
              if (option.required || option.optional) {
                this.emit(`optionEnv:${option.name()}`, process2.env[option.envVar]);
              } else {
                this.emit(`optionEnv:${option.name()}`);
              }
            }
          }
        });
      }
      /**
       * Apply any implied option values, if option is undefined or default value.
       *
       * @private
       */
      _parseOptionsImplied() {
        const dualHelper = new DualOptions(this.options);
        const hasCustomOptionValue = (optionKey) => {
          return this.getOptionValue(optionKey) !== void 0 && !["default", "implied"].includes(this.getOptionValueSource(optionKey));
        };
        this.options.filter(
          (option) => option.implied !== void 0 && hasCustomOptionValue(option.attributeName()) && dualHelper.valueFromOption(
            this.getOptionValue(option.attributeName()),
            option
          )
        ).forEach((option) => {
          Object.keys(option.implied).filter((impliedKey) => !hasCustomOptionValue(impliedKey)).forEach((impliedKey) => {
            this.setOptionValueWithSource(
              impliedKey,
              option.implied[impliedKey],
              "implied"
            );
          });
        });
      }
      /**
       * Argument `name` is missing.
       *
       * @param {string} name
       * @private
       */
      missingArgument(name) {
        const message = `error: missing required argument '${name}'`;
        this.error(message, { code: "commander.missingArgument" });
      }
      /**
       * `Option` is missing an argument.
       *
       * @param {Option} option
       * @private
       */
      optionMissingArgument(option) {
        const message = `error: option '${option.flags}' argument missing`;
        this.error(message, { code: "commander.optionMissingArgument" });
      }
      /**
       * `Option` does not have a value, and is a mandatory option.
       *
       * @param {Option} option
       * @private
       */
      missingMandatoryOptionValue(option) {
        const message = `error: required option '${option.flags}' not specified`;
        this.error(message, { code: "commander.missingMandatoryOptionValue" });
      }
      /**
       * `Option` conflicts with another option.
       *
       * @param {Option} option
       * @param {Option} conflictingOption
       * @private
       */
      _conflictingOption(option, conflictingOption) {
        const findBestOptionFromValue = (option2) => {
          const optionKey = option2.attributeName();
          const optionValue = this.getOptionValue(optionKey);
          const negativeOption = this.options.find(
            (target) => target.negate && optionKey === target.attributeName()
          );
          const positiveOption = this.options.find(
            (target) => !target.negate && optionKey === target.attributeName()
          );
          if (negativeOption && (negativeOption.presetArg === void 0 && optionValue === false || negativeOption.presetArg !== void 0 && optionValue === negativeOption.presetArg)) {
            return negativeOption;
          }
          return positiveOption || option2;
        };
        const getErrorMessage = (option2) => {
          const bestOption = findBestOptionFromValue(option2);
          const optionKey = bestOption.attributeName();
          const source = this.getOptionValueSource(optionKey);
          if (source === "env") {
            return `environment variable '${bestOption.envVar}'`;
          }
          return `option '${bestOption.flags}'`;
        };
        const message = `error: ${getErrorMessage(option)} cannot be used with ${getErrorMessage(conflictingOption)}`;
        this.error(message, { code: "commander.conflictingOption" });
      }
      /**
       * Unknown option `flag`.
       *
       * @param {string} flag
       * @private
       */
      unknownOption(flag) {
        if (this._allowUnknownOption) return;
        let suggestion = "";
        if (flag.startsWith("--") && this._showSuggestionAfterError) {
          let candidateFlags = [];
          let command = this;
          do {
            const moreFlags = command.createHelp().visibleOptions(command).filter((option) => option.long).map((option) => option.long);
            candidateFlags = candidateFlags.concat(moreFlags);
            command = command.parent;
          } while (command && !command._enablePositionalOptions);
          suggestion = suggestSimilar(flag, candidateFlags);
        }
        const message = `error: unknown option '${flag}'${suggestion}`;
        this.error(message, { code: "commander.unknownOption" });
      }
      /**
       * Excess arguments, more than expected.
       *
       * @param {string[]} receivedArgs
       * @private
       */
      _excessArguments(receivedArgs) {
        if (this._allowExcessArguments) return;
        const expected = this.registeredArguments.length;
        const s = expected === 1 ? "" : "s";
        const forSubcommand = this.parent ? ` for '${this.name()}'` : "";
        const message = `error: too many arguments${forSubcommand}. Expected ${expected} argument${s} but got ${receivedArgs.length}.`;
        this.error(message, { code: "commander.excessArguments" });
      }
      /**
       * Unknown command.
       *
       * @private
       */
      unknownCommand() {
        const unknownName = this.args[0];
        let suggestion = "";
        if (this._showSuggestionAfterError) {
          const candidateNames = [];
          this.createHelp().visibleCommands(this).forEach((command) => {
            candidateNames.push(command.name());
            if (command.alias()) candidateNames.push(command.alias());
          });
          suggestion = suggestSimilar(unknownName, candidateNames);
        }
        const message = `error: unknown command '${unknownName}'${suggestion}`;
        this.error(message, { code: "commander.unknownCommand" });
      }
      /**
       * Get or set the program version.
       *
       * This method auto-registers the "-V, --version" option which will print the version number.
       *
       * You can optionally supply the flags and description to override the defaults.
       *
       * @param {string} [str]
       * @param {string} [flags]
       * @param {string} [description]
       * @return {(this | string | undefined)} `this` command for chaining, or version string if no arguments
       */
      version(str, flags, description) {
        if (str === void 0) return this._version;
        this._version = str;
        flags = flags || "-V, --version";
        description = description || "output the version number";
        const versionOption = this.createOption(flags, description);
        this._versionOptionName = versionOption.attributeName();
        this._registerOption(versionOption);
        this.on("option:" + versionOption.name(), () => {
          this._outputConfiguration.writeOut(`${str}
`);
          this._exit(0, "commander.version", str);
        });
        return this;
      }
      /**
       * Set the description.
       *
       * @param {string} [str]
       * @param {object} [argsDescription]
       * @return {(string|Command)}
       */
      description(str, argsDescription) {
        if (str === void 0 && argsDescription === void 0)
          return this._description;
        this._description = str;
        if (argsDescription) {
          this._argsDescription = argsDescription;
        }
        return this;
      }
      /**
       * Set the summary. Used when listed as subcommand of parent.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      summary(str) {
        if (str === void 0) return this._summary;
        this._summary = str;
        return this;
      }
      /**
       * Set an alias for the command.
       *
       * You may call more than once to add multiple aliases. Only the first alias is shown in the auto-generated help.
       *
       * @param {string} [alias]
       * @return {(string|Command)}
       */
      alias(alias) {
        if (alias === void 0) return this._aliases[0];
        let command = this;
        if (this.commands.length !== 0 && this.commands[this.commands.length - 1]._executableHandler) {
          command = this.commands[this.commands.length - 1];
        }
        if (alias === command._name)
          throw new Error("Command alias can't be the same as its name");
        const matchingCommand = this.parent?._findCommand(alias);
        if (matchingCommand) {
          const existingCmd = [matchingCommand.name()].concat(matchingCommand.aliases()).join("|");
          throw new Error(
            `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`
          );
        }
        command._aliases.push(alias);
        return this;
      }
      /**
       * Set aliases for the command.
       *
       * Only the first alias is shown in the auto-generated help.
       *
       * @param {string[]} [aliases]
       * @return {(string[]|Command)}
       */
      aliases(aliases) {
        if (aliases === void 0) return this._aliases;
        aliases.forEach((alias) => this.alias(alias));
        return this;
      }
      /**
       * Set / get the command usage `str`.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      usage(str) {
        if (str === void 0) {
          if (this._usage) return this._usage;
          const args = this.registeredArguments.map((arg) => {
            return humanReadableArgName(arg);
          });
          return [].concat(
            this.options.length || this._helpOption !== null ? "[options]" : [],
            this.commands.length ? "[command]" : [],
            this.registeredArguments.length ? args : []
          ).join(" ");
        }
        this._usage = str;
        return this;
      }
      /**
       * Get or set the name of the command.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      name(str) {
        if (str === void 0) return this._name;
        this._name = str;
        return this;
      }
      /**
       * Set/get the help group heading for this subcommand in parent command's help.
       *
       * @param {string} [heading]
       * @return {Command | string}
       */
      helpGroup(heading) {
        if (heading === void 0) return this._helpGroupHeading ?? "";
        this._helpGroupHeading = heading;
        return this;
      }
      /**
       * Set/get the default help group heading for subcommands added to this command.
       * (This does not override a group set directly on the subcommand using .helpGroup().)
       *
       * @example
       * program.commandsGroup('Development Commands:);
       * program.command('watch')...
       * program.command('lint')...
       * ...
       *
       * @param {string} [heading]
       * @returns {Command | string}
       */
      commandsGroup(heading) {
        if (heading === void 0) return this._defaultCommandGroup ?? "";
        this._defaultCommandGroup = heading;
        return this;
      }
      /**
       * Set/get the default help group heading for options added to this command.
       * (This does not override a group set directly on the option using .helpGroup().)
       *
       * @example
       * program
       *   .optionsGroup('Development Options:')
       *   .option('-d, --debug', 'output extra debugging')
       *   .option('-p, --profile', 'output profiling information')
       *
       * @param {string} [heading]
       * @returns {Command | string}
       */
      optionsGroup(heading) {
        if (heading === void 0) return this._defaultOptionGroup ?? "";
        this._defaultOptionGroup = heading;
        return this;
      }
      /**
       * @param {Option} option
       * @private
       */
      _initOptionGroup(option) {
        if (this._defaultOptionGroup && !option.helpGroupHeading)
          option.helpGroup(this._defaultOptionGroup);
      }
      /**
       * @param {Command} cmd
       * @private
       */
      _initCommandGroup(cmd) {
        if (this._defaultCommandGroup && !cmd.helpGroup())
          cmd.helpGroup(this._defaultCommandGroup);
      }
      /**
       * Set the name of the command from script filename, such as process.argv[1],
       * or require.main.filename, or __filename.
       *
       * (Used internally and public although not documented in README.)
       *
       * @example
       * program.nameFromFilename(require.main.filename);
       *
       * @param {string} filename
       * @return {Command}
       */
      nameFromFilename(filename) {
        this._name = path.basename(filename, path.extname(filename));
        return this;
      }
      /**
       * Get or set the directory for searching for executable subcommands of this command.
       *
       * @example
       * program.executableDir(__dirname);
       * // or
       * program.executableDir('subcommands');
       *
       * @param {string} [path]
       * @return {(string|null|Command)}
       */
      executableDir(path2) {
        if (path2 === void 0) return this._executableDir;
        this._executableDir = path2;
        return this;
      }
      /**
       * Return program help documentation.
       *
       * @param {{ error: boolean }} [contextOptions] - pass {error:true} to wrap for stderr instead of stdout
       * @return {string}
       */
      helpInformation(contextOptions) {
        const helper = this.createHelp();
        const context = this._getOutputContext(contextOptions);
        helper.prepareContext({
          error: context.error,
          helpWidth: context.helpWidth,
          outputHasColors: context.hasColors
        });
        const text = helper.formatHelp(this, helper);
        if (context.hasColors) return text;
        return this._outputConfiguration.stripColor(text);
      }
      /**
       * @typedef HelpContext
       * @type {object}
       * @property {boolean} error
       * @property {number} helpWidth
       * @property {boolean} hasColors
       * @property {function} write - includes stripColor if needed
       *
       * @returns {HelpContext}
       * @private
       */
      _getOutputContext(contextOptions) {
        contextOptions = contextOptions || {};
        const error = !!contextOptions.error;
        let baseWrite;
        let hasColors;
        let helpWidth;
        if (error) {
          baseWrite = (str) => this._outputConfiguration.writeErr(str);
          hasColors = this._outputConfiguration.getErrHasColors();
          helpWidth = this._outputConfiguration.getErrHelpWidth();
        } else {
          baseWrite = (str) => this._outputConfiguration.writeOut(str);
          hasColors = this._outputConfiguration.getOutHasColors();
          helpWidth = this._outputConfiguration.getOutHelpWidth();
        }
        const write = (str) => {
          if (!hasColors) str = this._outputConfiguration.stripColor(str);
          return baseWrite(str);
        };
        return { error, write, hasColors, helpWidth };
      }
      /**
       * Output help information for this command.
       *
       * Outputs built-in help, and custom text added using `.addHelpText()`.
       *
       * @param {{ error: boolean } | Function} [contextOptions] - pass {error:true} to write to stderr instead of stdout
       */
      outputHelp(contextOptions) {
        let deprecatedCallback;
        if (typeof contextOptions === "function") {
          deprecatedCallback = contextOptions;
          contextOptions = void 0;
        }
        const outputContext = this._getOutputContext(contextOptions);
        const eventContext = {
          error: outputContext.error,
          write: outputContext.write,
          command: this
        };
        this._getCommandAndAncestors().reverse().forEach((command) => command.emit("beforeAllHelp", eventContext));
        this.emit("beforeHelp", eventContext);
        let helpInformation = this.helpInformation({ error: outputContext.error });
        if (deprecatedCallback) {
          helpInformation = deprecatedCallback(helpInformation);
          if (typeof helpInformation !== "string" && !Buffer.isBuffer(helpInformation)) {
            throw new Error("outputHelp callback must return a string or a Buffer");
          }
        }
        outputContext.write(helpInformation);
        if (this._getHelpOption()?.long) {
          this.emit(this._getHelpOption().long);
        }
        this.emit("afterHelp", eventContext);
        this._getCommandAndAncestors().forEach(
          (command) => command.emit("afterAllHelp", eventContext)
        );
      }
      /**
       * You can pass in flags and a description to customise the built-in help option.
       * Pass in false to disable the built-in help option.
       *
       * @example
       * program.helpOption('-?, --help' 'show help'); // customise
       * program.helpOption(false); // disable
       *
       * @param {(string | boolean)} flags
       * @param {string} [description]
       * @return {Command} `this` command for chaining
       */
      helpOption(flags, description) {
        if (typeof flags === "boolean") {
          if (flags) {
            if (this._helpOption === null) this._helpOption = void 0;
            if (this._defaultOptionGroup) {
              this._initOptionGroup(this._getHelpOption());
            }
          } else {
            this._helpOption = null;
          }
          return this;
        }
        this._helpOption = this.createOption(
          flags ?? "-h, --help",
          description ?? "display help for command"
        );
        if (flags || description) this._initOptionGroup(this._helpOption);
        return this;
      }
      /**
       * Lazy create help option.
       * Returns null if has been disabled with .helpOption(false).
       *
       * @returns {(Option | null)} the help option
       * @package
       */
      _getHelpOption() {
        if (this._helpOption === void 0) {
          this.helpOption(void 0, void 0);
        }
        return this._helpOption;
      }
      /**
       * Supply your own option to use for the built-in help option.
       * This is an alternative to using helpOption() to customise the flags and description etc.
       *
       * @param {Option} option
       * @return {Command} `this` command for chaining
       */
      addHelpOption(option) {
        this._helpOption = option;
        this._initOptionGroup(option);
        return this;
      }
      /**
       * Output help information and exit.
       *
       * Outputs built-in help, and custom text added using `.addHelpText()`.
       *
       * @param {{ error: boolean }} [contextOptions] - pass {error:true} to write to stderr instead of stdout
       */
      help(contextOptions) {
        this.outputHelp(contextOptions);
        let exitCode = Number(process2.exitCode ?? 0);
        if (exitCode === 0 && contextOptions && typeof contextOptions !== "function" && contextOptions.error) {
          exitCode = 1;
        }
        this._exit(exitCode, "commander.help", "(outputHelp)");
      }
      /**
       * // Do a little typing to coordinate emit and listener for the help text events.
       * @typedef HelpTextEventContext
       * @type {object}
       * @property {boolean} error
       * @property {Command} command
       * @property {function} write
       */
      /**
       * Add additional text to be displayed with the built-in help.
       *
       * Position is 'before' or 'after' to affect just this command,
       * and 'beforeAll' or 'afterAll' to affect this command and all its subcommands.
       *
       * @param {string} position - before or after built-in help
       * @param {(string | Function)} text - string to add, or a function returning a string
       * @return {Command} `this` command for chaining
       */
      addHelpText(position, text) {
        const allowedValues = ["beforeAll", "before", "after", "afterAll"];
        if (!allowedValues.includes(position)) {
          throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
        }
        const helpEvent = `${position}Help`;
        this.on(helpEvent, (context) => {
          let helpStr;
          if (typeof text === "function") {
            helpStr = text({ error: context.error, command: context.command });
          } else {
            helpStr = text;
          }
          if (helpStr) {
            context.write(`${helpStr}
`);
          }
        });
        return this;
      }
      /**
       * Output help information if help flags specified
       *
       * @param {Array} args - array of options to search for help flags
       * @private
       */
      _outputHelpIfRequested(args) {
        const helpOption = this._getHelpOption();
        const helpRequested = helpOption && args.find((arg) => helpOption.is(arg));
        if (helpRequested) {
          this.outputHelp();
          this._exit(0, "commander.helpDisplayed", "(outputHelp)");
        }
      }
    };
    function incrementNodeInspectorPort(args) {
      return args.map((arg) => {
        if (!arg.startsWith("--inspect")) {
          return arg;
        }
        let debugOption;
        let debugHost = "127.0.0.1";
        let debugPort = "9229";
        let match;
        if ((match = arg.match(/^(--inspect(-brk)?)$/)) !== null) {
          debugOption = match[1];
        } else if ((match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+)$/)) !== null) {
          debugOption = match[1];
          if (/^\d+$/.test(match[3])) {
            debugPort = match[3];
          } else {
            debugHost = match[3];
          }
        } else if ((match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+):(\d+)$/)) !== null) {
          debugOption = match[1];
          debugHost = match[3];
          debugPort = match[4];
        }
        if (debugOption && debugPort !== "0") {
          return `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}`;
        }
        return arg;
      });
    }
    function useColor() {
      if (process2.env.NO_COLOR || process2.env.FORCE_COLOR === "0" || process2.env.FORCE_COLOR === "false")
        return false;
      if (process2.env.FORCE_COLOR || process2.env.CLICOLOR_FORCE !== void 0)
        return true;
      return void 0;
    }
    exports.Command = Command2;
    exports.useColor = useColor;
  }
});

// node_modules/commander/index.js
var require_commander = __commonJS({
  "node_modules/commander/index.js"(exports) {
    var { Argument: Argument2 } = require_argument();
    var { Command: Command2 } = require_command();
    var { CommanderError: CommanderError2, InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var { Help: Help2 } = require_help();
    var { Option: Option2 } = require_option();
    exports.program = new Command2();
    exports.createCommand = (name) => new Command2(name);
    exports.createOption = (flags, description) => new Option2(flags, description);
    exports.createArgument = (name, description) => new Argument2(name, description);
    exports.Command = Command2;
    exports.Option = Option2;
    exports.Argument = Argument2;
    exports.Help = Help2;
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
    exports.InvalidOptionArgumentError = InvalidArgumentError2;
  }
});

// src/cli.ts
import { isatty } from "node:tty";

// node_modules/commander/esm.mjs
var import_index = __toESM(require_commander(), 1);
var {
  program,
  createCommand,
  createArgument,
  createOption,
  CommanderError,
  InvalidArgumentError,
  InvalidOptionArgumentError,
  // deprecated old name
  Command,
  Argument,
  Option,
  Help
} = import_index.default;

// package.json
var package_default = {
  name: "smi-migrate",
  version: "0.1.0",
  description: "Losslessly upgrade SMI TrafficSplit manifests (v1alpha1 quantity weights to integer weights) in files, streams and patches",
  license: "MIT",
  type: "module",
  bin: {
    "smi-migrate": "dist/cli.js"
  },
  main: "dist/index.js",
  types: "dist/types/index.d.ts",
  exports: {
    ".": {
      types: "./dist/types/index.d.ts",
      import: "./dist/index.js"
    }
  },
  files: [
    "dist/",
    "README.md",
    "LICENSE"
  ],
  engines: {
    node: ">=20"
  },
  scripts: {
    build: "node scripts/build.mjs",
    "check-dist": "node scripts/build.mjs --check",
    typecheck: "tsc --noEmit",
    test: "tsc --noEmit && node scripts/build.mjs && node scripts/test.mjs",
    bench: "node bench/run.mjs"
  },
  keywords: [
    "smi",
    "trafficsplit",
    "kubernetes",
    "migration",
    "yaml",
    "linkerd"
  ],
  devDependencies: {
    "@types/node": "20.19.43",
    commander: "14.0.3",
    diff: "9.0.0",
    esbuild: "0.28.2",
    "fast-check": "4.11.0",
    glob: "14.0.6",
    tsx: "4.23.15",
    typescript: "5.9.3",
    uvu: "0.5.6",
    yaml: "2.9.1"
  }
};

// src/version.ts
var version = package_default.version;

// src/cli/options.ts
var UsageError = class extends Error {
};
var EXAMPLES = `
Examples:
  $ smi-migrate --check .                       list what would change (exit 1 if anything)
  $ smi-migrate --write deploy/ 'charts/**/*.yaml'   convert files in place
  $ smi-migrate --diff . > smi.patch && git apply smi.patch
  $ helm template ./chart | smi-migrate - | kubectl apply -f -
  $ kubectl get trafficsplits.split.smi-spec.io -A -o yaml | smi-migrate --to v1alpha4 -

Exit codes: 0 nothing to change (or all written), 1 changes needed (--check, --diff),
2 error (bad input, unreadable file, usage).`;
function parseArgs(argv, env, stdinIsTTY, write) {
  const program2 = new Command().name("smi-migrate").description("Upgrade SMI TrafficSplit manifests losslessly: v1alpha1 quantity weights become exact integers,\nand only the apiVersion and weight scalars change.").usage("[--check | --diff | --write] [options] [paths...]").argument("[paths...]", 'files, directories or quoted globs; "-" (or none, with piped input) reads stdin').option("--check", "list what would change and exit 1 if anything would (the default with paths)").option("--diff", "print a unified diff (git apply / patch -p1) and exit 1 if anything would change").option("--write", "rewrite changed files in place, atomically").addOption(new Option("--to <version>", "apiVersion to convert TrafficSplits to").choices(TARGETS).default("v1alpha2")).addOption(new Option("--format <format>", "report format").choices(["text", "json"]).default("text")).option("-q, --quiet", "report only warnings and errors").option("--no-color", "never color the report (also: NO_COLOR=1)").option("--stdin-filename <name>", "name stdin in the report", "<stdin>").version(version, "-V, --version").helpOption("-h, --help", "show this help").addHelpText("after", EXAMPLES).showHelpAfterError("(run smi-migrate --help for usage)").exitOverride().configureOutput({ writeOut: write.out, writeErr: write.err }).allowExcessArguments(false);
  try {
    program2.parse(argv, { from: "user" });
  } catch (err) {
    const code = err.code;
    if (code === "commander.helpDisplayed" || code === "commander.version") return void 0;
    throw new UsageError("");
  }
  const o = program2.opts();
  const modes = ["check", "diff", "write"].filter((m) => o[m]);
  if (modes.length > 1) throw new UsageError(`Cannot use --${modes[0]} and --${modes[1]} together.`);
  let paths = program2.args;
  const stdin = paths.includes("-") || paths.length === 0 && !stdinIsTTY;
  if (stdin && paths.some((p) => p !== "-")) throw new UsageError('Cannot read stdin ("-") and files in the same run.');
  if (stdin) paths = [];
  if (!stdin && paths.length === 0) {
    write.err(program2.helpInformation());
    throw new UsageError("No paths given and stdin is a terminal.");
  }
  const mode = modes[0] ?? (stdin ? "stream" : "check");
  if (stdin && (mode === "write" || mode === "diff")) throw new UsageError(`--${mode} needs file paths; for stdin use "-" alone (converted stream) or --check -.`);
  const noColor = env.NO_COLOR !== void 0 && env.NO_COLOR !== "";
  return {
    mode,
    paths,
    stdin,
    to: o.to,
    format: o.format,
    quiet: Boolean(o.quiet),
    color: o.color && !noColor && env.TERM !== "dumb",
    stdinName: o.stdinFilename
  };
}

// src/cli/run.ts
import { readFileSync } from "node:fs";
import { relative as relative2, sep as sep2 } from "node:path";
import { Writable } from "node:stream";

// src/files/collect.ts
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

// node_modules/glob/dist/esm/index.min.js
import { fileURLToPath as yn } from "node:url";
import { tracingChannel as Fi, channel as Ti } from "node:diagnostics_channel";
import { posix as qi, win32 as Ne } from "node:path";
import { fileURLToPath as Ki } from "node:url";
import { lstatSync as Xi, readdir as Vi, readdirSync as Yi, readlinkSync as Ji, realpathSync as Zi } from "fs";
import * as Qi from "node:fs";
import { lstat as en, readdir as sn, readlink as nn, realpath as rn } from "node:fs/promises";
import { EventEmitter as Te } from "node:events";
import ys from "node:stream";
import { StringDecoder as zi } from "node:string_decoder";
var re = (r7, t, e) => {
  let s = r7 instanceof RegExp ? We(r7, e) : r7, i = t instanceof RegExp ? We(t, e) : t, n = s !== null && i != null && js(s, i, e);
  return n && { start: n[0], end: n[1], pre: e.slice(0, n[0]), body: e.slice(n[0] + s.length, n[1]), post: e.slice(n[1] + i.length) };
};
var We = (r7, t) => {
  let e = t.match(r7);
  return e ? e[0] : null;
};
var js = (r7, t, e) => {
  let s, i, n, o, h, a = e.indexOf(r7), l = e.indexOf(t, a + 1), c = a;
  if (a >= 0 && l > 0) {
    if (r7 === t) return [a, l];
    for (s = [], n = e.length; c >= 0 && !h; ) {
      if (c === a) s.push(c), a = e.indexOf(r7, c + 1);
      else if (s.length === 1) {
        let f = s.pop();
        f !== void 0 && (h = [f, l]);
      } else i = s.pop(), i !== void 0 && i < n && (n = i, o = l), l = e.indexOf(t, c + 1);
      c = a < l && a >= 0 ? a : l;
    }
    s.length && o !== void 0 && (h = [n, o]);
  }
  return h;
};
var $e = "\0SLASH" + Math.random() + "\0";
var Ie = "\0OPEN" + Math.random() + "\0";
var le = "\0CLOSE" + Math.random() + "\0";
var Be = "\0COMMA" + Math.random() + "\0";
var Ue = "\0PERIOD" + Math.random() + "\0";
var Ws = new RegExp($e, "g");
var $s = new RegExp(Ie, "g");
var Is = new RegExp(le, "g");
var Bs = new RegExp(Be, "g");
var Us = new RegExp(Ue, "g");
var Gs = /\\\\/g;
var Hs = /\\{/g;
var qs = /\\}/g;
var Ks = /\\,/g;
var Xs = /\\\./g;
var Vs = 1e5;
var Ys = 4e6;
var Js = 1e3;
var Zs = 1e3;
function oe(r7) {
  return isNaN(r7) ? r7.charCodeAt(0) : parseInt(r7, 10);
}
function Qs(r7) {
  return r7.replace(Gs, $e).replace(Hs, Ie).replace(qs, le).replace(Ks, Be).replace(Xs, Ue);
}
function ti(r7) {
  return r7.replace(Ws, "\\").replace($s, "{").replace(Is, "}").replace(Bs, ",").replace(Us, ".");
}
function he(r7, t) {
  for (let e = 0; e < t.length; e++) r7.push(t[e]);
}
function ei(r7) {
  let t = [], e = "";
  for (; ; ) {
    let s = re("{", "}", r7);
    if (!s) {
      let a = r7.split(",");
      return a[0] = e + a[0], he(t, a), t;
    }
    let { pre: i, body: n, post: o } = s, h = i.split(",");
    if (h[0] = e + h[0], h[h.length - 1] += "{" + n + "}", !o.length) return he(t, h), t;
    e = h.pop(), he(t, h), r7 = o;
  }
}
function Ge(r7, t = {}) {
  if (!r7) return [];
  let { max: e = Vs, maxLength: s = Ys, maxDepth: i = Js, maxRewrites: n = Zs } = t;
  return r7.slice(0, 2) === "{}" && (r7 = "\\{\\}" + r7.slice(2)), ae(Qs(r7), e, s, i, 0, n, true).map(ti);
}
function si(r7) {
  return "{" + r7 + "}";
}
function ii(r7) {
  return /^-?0\d/.test(r7);
}
function ni(r7, t) {
  return r7 <= t;
}
function ri(r7, t) {
  return r7 >= t;
}
function ct(r7, t, e, s, i, n) {
  let o = [], h = 0;
  for (let a = 0; a < r7.length; a++) for (let l = 0; l < e.length; l++) {
    if (o.length >= s) return o;
    let c = r7[a] + t + e[l];
    if (!(n && !c)) {
      if (h + c.length > i) return o;
      o.push(c), h += c.length;
    }
  }
  return o;
}
function oi(r7, t, e, s) {
  let i = r7.split(/\.\./), n = [];
  if (i[0] === void 0 || i[1] === void 0) return n;
  let o = oe(i[0]), h = oe(i[1]), a = Math.max(i[0].length, i[1].length), l = i.length === 3 && i[2] !== void 0 ? Math.max(Math.abs(oe(i[2])), 1) : 1, c = ni;
  h < o && (l *= -1, c = ri);
  let u = i.some(ii), p = 0;
  for (let g = o; c(g, h) && n.length < e; g += l) {
    let d;
    if (t) d = String.fromCharCode(g), d === "\\" && (d = "");
    else if (d = String(g), u) {
      let w = a - d.length;
      if (w > 0) {
        let m = new Array(w + 1).join("0");
        g < 0 ? d = "-" + m + d.slice(1) : d = m + d;
      }
    }
    if (p + d.length > s) break;
    n.push(d), p += d.length;
  }
  return n;
}
function ae(r7, t, e, s, i, n, o) {
  if (i > s) return [r7];
  let h = [""], a = 0, l = false, c = true;
  for (; ; ) {
    let f = re("{", "}", r7);
    if (!f) return ct(h, r7, [""], t, e, l);
    let u = f.pre;
    if (/\$$/.test(u)) {
      if (h = ct(h, u + "{" + f.body + "}", [""], t, e, l && !f.post.length), c = false, !f.post.length) break;
      r7 = f.post;
      continue;
    }
    let p = /^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$/.test(f.body), g = /^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$/.test(f.body), d = p || g, w = f.body.indexOf(",") >= 0;
    if (!d && !w) {
      if (a < n && f.post.match(/,(?!,).*\}/)) {
        a++, r7 = f.pre + "{" + f.body + le + f.post, o = true;
        continue;
      }
      return ct(h, u + "{" + f.body + "}" + f.post, [""], t, e, l);
    }
    c && (l = o && !d, c = false);
    let m;
    if (d) m = oi(f.body, g, t, e);
    else {
      let b = ei(f.body);
      if (b.length === 1 && b[0] !== void 0 && (b = ae(b[0], t, e, s, i + 1, n, false).map(si), b.length === 1)) {
        if (h = ct(h, u + b[0], [""], t, e, l && !f.post.length), !f.post.length) break;
        r7 = f.post;
        continue;
      }
      let x = l && !f.post.length && !u;
      for (let y = 0; x && y < h.length; y++) h[y] && (x = false);
      m = [];
      let S = 0;
      t: for (let y = 0; y < b.length; y++) {
        let q = ae(b[y], t, e, s, i + 1, n, false);
        for (let W = 0; W < q.length; W++) {
          let B = q[W];
          if (!(x && !B)) {
            if (m.length >= t || S + B.length > e) break t;
            m.push(B), S += B.length;
          }
        }
      }
    }
    if (h = ct(h, u, m, t, e, l && !f.post.length), !f.post.length) break;
    r7 = f.post;
  }
  return h;
}
var fe = (r7, t) => r7 === t ? { t: "lit", ch: String(r7) } : { t: "class", re: new RegExp(`^[${r7}-${t}]$`) };
var ce = (r7, t) => t.map((e) => [fe(r7, r7), ...e]);
var ft = (r7, t) => {
  if (!r7) return [[]];
  let e = +r7[0], s = +t[0], i = r7.slice(1), n = t.slice(1);
  if (e === s) return ce(e, ft(i, n));
  let o = "0".repeat(i.length), h = "9".repeat(i.length), a = [];
  i !== o && a.push(...ce(e++, ft(i, h)));
  let l = n === h ? [] : ce(s--, ft(o, n));
  return e <= s && a.push([fe(e, s), ...Array.from(i, () => fe(0, 9))]), a.push(...l), a;
};
var He = (r7, t, e) => {
  if (e) return ft(String(r7).padStart(e, "0"), String(t).padStart(e, "0"));
  let s = [];
  for (let i = String(r7).length; i <= String(t).length; i++) {
    let n = Math.max(r7, i === 1 ? 0 : 10 ** (i - 1)), o = Math.min(t, 10 ** i - 1);
    s.push(...ft(String(n), String(o)));
  }
  return s;
};
var qe = (r7, t) => {
  let e = Number(r7), s = Number(t);
  if (!Number.isSafeInteger(e) || !Number.isSafeInteger(s)) return;
  e > s && ([e, s] = [s, e]);
  let n = /^-?0\d/.test(r7) || /^-?0\d/.test(t) ? Math.max(r7.length, t.length) : 0, o = [];
  if (e < 0) {
    let h = He(Math.max(-s, 1), -e, n && n - 1);
    o.push(...h.map((a) => [{ t: "lit", ch: "-" }, ...a]));
  }
  return s >= 0 && o.push(...He(Math.max(e, 0), s, n)), o;
};
var hi = { "[:alnum:]": ["\\p{L}\\p{Nl}\\p{Nd}"], "[:alpha:]": ["\\p{L}\\p{Nl}"], "[:ascii:]": ["\\x00-\\x7f"], "[:blank:]": ["\\p{Zs}\\t"], "[:cntrl:]": ["\\p{Cc}"], "[:digit:]": ["\\p{Nd}"], "[:graph:]": ["\\p{Z}\\p{C}", true], "[:lower:]": ["\\p{Ll}"], "[:print:]": ["\\p{C}", true], "[:punct:]": ["\\p{P}\\p{S}"], "[:space:]": ["\\p{Z}\\t\\r\\n\\v\\f"], "[:upper:]": ["\\p{Lu}"], "[:word:]": ["\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}"], "[:xdigit:]": ["A-Fa-f0-9"] };
var ut = (r7) => r7.replace(/[[\]\\-]/g, "\\$&");
var ue = /$./;
var Ke = (r7, t, e = false, s) => {
  let i = (m) => {
    let b = s ? m.normalize(s) : m;
    return [...b].length === 1 ? b : m;
  }, n = t;
  if (r7.charAt(n) !== "[") throw new Error("not in a brace expression");
  let o = [], h = [], a = n + 1, l = false, c = false, f = false, u = n, p = "";
  t: for (; a < r7.length; ) {
    let m = String.fromCodePoint(r7.codePointAt(a));
    if ((m === "!" || m === "^") && a === n + 1) {
      f = true, a++;
      continue;
    }
    if (m === "]" && l && !c) {
      u = a + 1;
      break;
    }
    if (l = true, m === "\\" && !c) {
      c = true, a++;
      continue;
    }
    if (m === "[" && !c) {
      for (let [x, [S, y]] of Object.entries(hi)) if (r7.startsWith(x, a)) {
        if (p) return [ue, r7.length - n];
        a += x.length, y ? h.push(S) : o.push(S);
        continue t;
      }
    }
    c = false;
    let b = i(m);
    if (p) {
      b.codePointAt(0) > p.codePointAt(0) ? o.push(ut(p) + "-" + ut(b)) : b === p && o.push(ut(b)), p = "", a += m.length;
      continue;
    }
    if (r7.startsWith("-]", a + m.length)) {
      o.push(ut(b + "-")), a += m.length + 1;
      continue;
    }
    if (r7.startsWith("-", a + m.length)) {
      p = b, a += m.length + 1;
      continue;
    }
    o.push(ut(b)), a += m.length;
  }
  if (u < a) return [ue, 0];
  if (!o.length && !h.length) return [ue, r7.length - n];
  let g = "[" + (f ? "^" : "") + o.join("") + "]", d = "[" + (f ? "" : "^") + h.join("") + "]", w = "^" + (o.length && h.length ? "(" + g + "|" + d + ")" : o.length ? g : d);
  return [new RegExp(w, e ? "iu" : "u"), u - n];
};
var de = { t: "match", id: 0 };
var ai = "!?+*@";
var Z = (r7) => ({ t: "lit", ch: r7 });
var li = (r7) => r7.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
var Je = (r7) => new RegExp(`^${li(r7)}$`, "iu");
var Dt = /* @__PURE__ */ new Map();
var Ze = (r7) => {
  let t = Dt.get(r7);
  return t || (t = Je(r7), Dt.size >= 1e3 && Dt.clear(), Dt.set(r7, t)), t;
};
var ge = (r7, t) => {
  if (t === r7.ch) return true;
  if (!r7.re) return false;
  let e = t.charCodeAt(0);
  if (e >= 128) return r7.re.test(t);
  let s = r7.ascii ??= new Uint8Array(128);
  return s[e] ||= r7.re.test(t) ? 1 : 2, s[e] === 1;
};
var ci = (r7, t, e, s, i) => {
  let n = [];
  for (let o = 0; o < r7.length; ) {
    let h = String.fromCodePoint(r7.codePointAt(o));
    if (i) {
      let a = h === "\\" && r7.startsWith(i, o + 1) ? 1 : 0;
      if (a || h === i) {
        let l = o + a + i.length, c = r7.indexOf(i, l), f = /^(-?\d+)\.\.(-?\d+)$/.exec(r7.slice(l, c)), u = c !== -1 && f && qe(f[1], f[2]);
        if (u) {
          n.push({ t: "ext", type: "@", alts: u }), o = c + i.length;
          continue;
        }
      }
    }
    if (h === "\\") {
      let a = r7.codePointAt(o + 1), l = a === void 0 ? h : String.fromCodePoint(a);
      n.push(Z(l)), o += 1 + l.length;
      continue;
    }
    if (h === "[") {
      let [a, l] = Ke(r7, o, t, s);
      if (l) {
        n.push({ t: "class", re: a }), o += l;
        continue;
      }
    }
    if (!e && ai.includes(h) && r7[o + 1] === "(") {
      n.push({ t: "open", type: h }), o += 2;
      continue;
    }
    n.push(!e && h === "|" ? { t: "bar" } : !e && h === ")" ? { t: "close" } : h === "*" ? { t: "star" } : h === "?" ? { t: "any" } : Z(h)), o += h.length;
  }
  return n;
};
var fi = (r7) => {
  let t = /* @__PURE__ */ new Map(), e = [];
  return r7.forEach((s, i) => {
    s.t === "open" ? e.push(i) : s.t === "close" && e.length && t.set(e.pop(), i);
  }), t;
};
var Qe = (r7, t, e, s, i) => {
  let n = [], o = [n];
  for (let h = e; h < s; h++) {
    let a = r7[h], l = t.get(h);
    if (a.t === "open" && l !== void 0) {
      let c = Qe(r7, t, h + 1, l, false);
      n.push({ t: "ext", type: a.type, alts: c }), h = l;
    } else a.t === "bar" && !i ? o.push(n = []) : a.t === "open" ? n.push(Z(a.type), Z("(")) : a.t === "bar" ? n.push(Z("|")) : a.t === "close" ? n.push(Z(")")) : n.push(a);
  }
  return o;
};
var ts = (r7, t) => {
  let e = [], s = "", i = () => {
    for (let n of s.normalize(t)) e.push(Z(n));
    s = "";
  };
  for (let n of r7) {
    if (n.t === "lit") {
      s += n.ch;
      continue;
    }
    i(), e.push(n.t === "ext" ? { ...n, alts: n.alts.map((o) => ts(o, t)) } : n);
  }
  return i(), e;
};
var ui = (r7, t) => {
  let e = 1, s = (h) => ({ t: "split", id: e++, out: h }), i = (h, a) => h.reduceRight((l, c) => n(c, l), a), n = (h, a) => {
    switch (h.t) {
      case "lit":
        let u = t ? Ze(h.ch) : void 0;
        return { t: "lit", id: e++, ch: h.ch, re: u, next: a };
      case "any":
      case "star":
        return { t: h.t, id: e++, next: a };
      case "class":
        return { t: "class", id: e++, re: h.re, next: a };
    }
    let l = (u) => h.alts.map((p) => i(p, u));
    switch (h.type) {
      case "@":
        return s(l(a));
      case "?":
        return s([a, ...l(a)]);
      case "!":
        return { t: "neg", id: e++, sub: s(l(de)), next: a };
    }
    let c = s([]), f = s(l(c));
    return c.out.push(a, f), h.type === "*" ? c : f;
  };
  return [i(r7, de), e];
};
var di = (r7) => {
  let t = [], e = /* @__PURE__ */ new Set(), s = (n) => n.t === "match" ? "match" : String(n.id), i = (n, o) => {
    if (n.t === "match" || e.has(n)) return;
    e.add(n);
    let h = (a) => t.push(`${o}${n.id}: ${a}`);
    switch (n.t) {
      case "split":
        h(`split -> ${n.out.map(s).join(", ")}`);
        for (let a of n.out) i(a, o);
        return;
      case "neg":
        return h(`!(${s(n.sub)}) -> ${s(n.next)}`), i(n.sub, o + "  "), i(n.next, o);
      case "lit":
        h(`${JSON.stringify(n.ch)} -> ${s(n.next)}`);
        break;
      case "class":
        h(`${n.re} -> ${s(n.next)}`);
        break;
      default:
        h(`${n.t === "any" ? "?" : "*"} -> ${s(n.next)}`);
    }
    i(n.next, o);
  };
  return i(r7, ""), [`start -> ${s(r7)}`, ...t].join(`
`);
};
var pe = class {
  gen;
  threads = [];
  match = false;
  runs = [];
  ids = [];
  constructor(t) {
    this.gen = t;
  }
  get dead() {
    return !this.threads.length && !this.match && !this.runs.length;
  }
};
var es = (r7, t) => r7.ids.length !== t.ids.length || r7.runs.length !== t.runs.length || r7.ids.some((e, s) => e !== t.ids[s]) ? false : r7.runs.every((e) => t.runs.some((s) => s.neg === e.neg && es(s.state, e.state)));
var Xe = (r7) => ({ has: new Float64Array(r7), seen: new Float64Array(r7), gen: 0 });
var dt = class {
  dots;
  dotStart;
  #t;
  constructor(t, e, s) {
    this.dots = t, this.dotStart = e, this.#t = s;
  }
  state() {
    return new pe(++this.#t.gen);
  }
  done(t) {
    return t.ids = t.threads.map((e) => e.id).sort((e, s) => e - s), t.match && t.ids.unshift(de.id), t;
  }
  #n(t, e) {
    let { seen: s } = this.#t;
    return s[e.id] === t.gen ? false : (s[e.id] = t.gen, true);
  }
  #i(t, e) {
    let { has: s } = this.#t;
    return s[e.id] === t.gen ? false : (s[e.id] = t.gen, t.threads.push(e), true);
  }
  restricted(t, e) {
    return e && (this.dots || this.dotStart && t === 0);
  }
  add(t, e, s, i) {
    switch (e.t) {
      case "split":
        if (!this.#n(t, e)) return;
        for (let o of e.out) this.add(t, o, s, i);
        return;
      case "neg":
        if (!this.#n(t, e)) return;
        let n = this.state();
        return this.add(n, e.sub, s, false), this.done(n), this.addRun(t, { t: "run", neg: e, state: n }, s, i);
      case "star":
        if (this.restricted(s, i)) return;
        this.#i(t, e) && this.add(t, e.next, s, i);
        return;
      case "match":
        t.match = true;
        return;
      default:
        this.#i(t, e);
    }
  }
  addRun(t, e, s, i) {
    for (let n of t.runs) if (n.neg === e.neg && es(n.state, e.state)) return;
    t.runs.push(e), e.state.match || this.add(t, e.neg.next, s, i);
  }
  step(t, e, s, i) {
    let n = this.state();
    for (let o of t.threads) switch (o.t) {
      case "lit":
        ge(o, e) && this.add(n, o.next, s + 1, i);
        break;
      case "any":
        this.restricted(s, i) || this.add(n, o.next, s + 1, i);
        break;
      case "class":
        !this.restricted(s, i) && o.re.test(e) && this.add(n, o.next, s + 1, i);
        break;
      case "star":
        this.restricted(s, i) || this.add(n, o, s + 1, i);
    }
    if (!this.restricted(s, i)) for (let o of t.runs) {
      if (o.state.dead) {
        this.addRun(n, o, s + 1, i);
        continue;
      }
      let h = this.step(o.state, e, s, false);
      this.addRun(n, { t: "run", neg: o.neg, state: h }, s + 1, i);
    }
    return this.done(n);
  }
};
var ss = (r7) => {
  let t = r7.ids.join();
  if (!r7.runs.length) return t;
  let e = r7.runs.map((s) => `${s.neg.id}(${ss(s.state)})`);
  return `${t}|${e.sort().join("|")}`;
};
var pi = 1 << 18;
var me = class {
  #t;
  #n = /* @__PURE__ */ new Map();
  #i = 0;
  #o;
  #r;
  #d;
  #u;
  constructor(t, e) {
    this.#t = t, this.#d = new dt(false, false, e), this.#u = new dt(false, true, e);
  }
  #f(t) {
    return { state: t, match: t.match, dead: t.dead, next: /* @__PURE__ */ new Map() };
  }
  #h(t) {
    let e = ss(t), s = this.#n.get(e);
    if (s) return s;
    this.#i > pi && this.#m();
    let i = this.#f(t);
    return this.#n.set(e, i), this.#i += e.length + 1, i;
  }
  #m() {
    this.#n.clear(), this.#i = 0, this.#o = void 0, this.#r = void 0;
  }
  start(t) {
    if (t) {
      if (this.#r) return this.#r;
      let s = this.#u.state();
      return this.#u.add(s, this.#t, 0, true), this.#r = this.#f(this.#u.done(s));
    }
    if (this.#o) return this.#o;
    let e = this.#d.state();
    return this.#d.add(e, this.#t, 0, true), this.#o = this.#h(this.#d.done(e));
  }
  next(t, e) {
    let s = e.charCodeAt(0), i = s < 128 ? void 0 : t.next.get(e);
    if (i) return i;
    let n = t === this.#r ? this.#h(this.#u.step(t.state, e, 0, true)) : this.#h(this.#d.step(t.state, e, 1, true));
    return s < 128 ? (t.ascii || (t.ascii = new Array(128), this.#i += 128), t.ascii[s] = n) : t.next.set(e, n), this.#i++, n;
  }
};
var mi = (r7) => {
  let t = [];
  for (let e = r7; e.t !== "match"; e = e.next) {
    if (e.t === "split" || e.t === "neg") return;
    t.push(e);
  }
  return t;
};
var gi = (r7, t, e, s) => {
  let i = 0, n = e, o = -1, h = 0;
  for (; n < s; ) {
    let a = r7[i];
    if (a?.t === "star") {
      o = i++, h = n;
      continue;
    }
    let l = t[n];
    if (a && (a.t === "any" || a.t === "lit" && ge(a, l) || a.t === "class" && a.re.test(l))) {
      i++, n++;
      continue;
    }
    if (o === -1) return false;
    i = o + 1, n = ++h;
  }
  for (; r7[i]?.t === "star"; ) i++;
  return i === r7.length;
};
var is = (r7) => {
  let t = 0, e = 0;
  for (let s of r7) {
    let [i, n] = wi(s);
    t += i, e += n;
  }
  return [t, e];
};
var wi = (r7) => {
  if (r7.t === "star") return [0, 1 / 0];
  if (r7.t !== "ext") return [1, 1];
  if (r7.type === "!") return [0, 1 / 0];
  let t = r7.alts.map(is), e = Math.min(...t.map((n) => n[0])), s = Math.max(...t.map((n) => n[1])), i = s === 0 ? 0 : 1 / 0;
  return r7.type === "@" ? [e, s] : r7.type === "?" ? [0, s] : r7.type === "*" ? [0, i] : [e, i];
};
var Ve = (r7, t, e) => {
  for (let s = 0; s < r7.length; s++) if (!ge(r7[s], t[e + s])) return false;
  return true;
};
var bi = /[/\ud800-\udfff]/;
var yi = /[\ud800-\udfff]/;
var Nt = (r7) => yi.test(r7) ? [...r7] : r7;
var Ye = (r7) => {
  if (r7.includes("/")) throw new Error("can only match a single path portion, got: " + r7);
};
var pt = class {
  pattern;
  options;
  #t;
  #n;
  #i;
  #o;
  #r;
  #d = false;
  #u;
  #f;
  #h = false;
  #m = 0;
  #l = 1 / 0;
  #a = [];
  #s = [];
  #b;
  #E;
  #y = false;
  #g;
  #w;
  constructor(t, e = {}) {
    if (t.includes("/")) throw new Error("can only match a single path portion, got pattern: " + t);
    this.pattern = t, this.options = e;
    let { nocase: s = false, noext: i = false, normalize: n } = e;
    this.#w = n === true ? "NFC" : n || void 0;
    let o = /^[?*+@]\(\)$/.test(t), h = ci(t, s, i || o, this.#w, e.rangeMark), [a] = Qe(h, fi(h), 0, h.length, true);
    this.#w && (a = ts(a, this.#w));
    let [l, c] = ui(a, s);
    if (this.#t = l, this.#n = c, a.every((f) => f.t === "lit")) this.#r = a.map((f) => f.ch).join(""), this.#d = s;
    else {
      let f = (g) => g.t !== "lit" ? void 0 : s ? { ch: g.ch, re: Ze(g.ch) } : { ch: g.ch };
      for (let g of a) {
        let d = f(g);
        if (!d) break;
        this.#a.push(d);
      }
      for (let g = a.length - 1; g >= 0; g--) {
        let d = f(a[g]);
        if (!d) break;
        this.#s.unshift(d);
      }
      this.#y = !!(this.#a.length || this.#s.length), s || (this.#b = this.#a.map((g) => g.ch).join(""), this.#E = this.#s.map((g) => g.ch).join("")), this.#f = mi(this.#t)?.slice(this.#a.length, -this.#s.length || void 0), this.#h = !!this.#f?.every((g) => g.t === "star" || g.t === "any");
      let [u, p] = is(a);
      this.#m = u, this.#l = p;
    }
  }
  test(t) {
    return this.#w ? (Ye(t), this.#p(t.normalize(this.#w))) : bi.test(t) ? (Ye(t), this.#p(t, [...t])) : this.#p(t, t);
  }
  testUnchecked(t) {
    return this.#p(this.#w ? t.normalize(this.#w) : t);
  }
  #p(t, e) {
    if (this.#r !== void 0) return this.#d ? (this.#u ??= Je(this.#r)).test(t) : t === this.#r;
    let s = this.#m, i = this.#l;
    if (e === void 0) {
      let c = t.length, f = c + 1 >> 1;
      if (c < s || f > i) return false;
      (f < s || c > i) && (e = Nt(t));
    }
    if (e !== void 0 && (e.length < s || e.length > i)) return false;
    let n = this.#a.length;
    if (this.#y) if (this.#b !== void 0 && this.#E !== void 0) {
      if (!t.startsWith(this.#b) || !t.endsWith(this.#E)) return false;
    } else {
      e ??= Nt(t);
      let c = e.length - this.#s.length;
      if (!Ve(this.#a, e, 0) || !Ve(this.#s, e, c)) return false;
    }
    let o = !this.options.dot && t.startsWith(".");
    if (this.#f) {
      if (t === "." || t === ".." || o && !n) return false;
      if (this.#h) return true;
      e ??= Nt(t);
      let c = e.length - this.#s.length;
      return gi(this.#f, e, n, c);
    }
    if (e ??= Nt(t), t === "." || t === "..") {
      this.#i ??= Xe(this.#n);
      let c = this.#o ??= new dt(true, false, this.#i), f = c.state();
      c.add(f, this.#t, 0, true);
      let u = c.done(f);
      for (let p = 0; p < e.length; p++) u = c.step(u, e[p], p, true);
      return u.match;
    }
    this.#i ??= Xe(this.#n);
    let h = this.#g ??= new me(this.#t, this.#i), a = h.start(o), l = e === t;
    for (let c = 0; c < e.length; c++) {
      if (a.dead) return false;
      let f = l ? t.charCodeAt(c) : e[c].charCodeAt(0);
      a = a.ascii?.[f] ?? h.next(a, e[c]);
    }
    return a.match;
  }
  toString() {
    return di(this.#t);
  }
};
var mt = (r7) => {
  if (typeof r7 != "string") throw new TypeError("invalid pattern");
  if (r7.length > 65536) throw new TypeError("pattern is too long");
};
var K = (r7, { windowsPathsNoEscape: t = false, magicalBraces: e = false } = {}) => e ? t ? r7.replace(/[?*()[\]{}]/g, "[$&]") : r7.replace(/[?*()[\]\\{}]/g, "\\$&") : t ? r7.replace(/[?*()[\]]/g, "[$&]") : r7.replace(/[?*()[\]\\]/g, "\\$&");
var st = (r7, { windowsPathsNoEscape: t = false, magicalBraces: e = true } = {}) => e ? t ? r7.replace(/\[([^/\\])\]/g, "$1") : r7.replace(/((?!\\).|^)\[([^/\\])\]/g, "$1$2").replace(/\\([^/])/g, "$1") : t ? r7.replace(/\[([^/\\{}])\]/g, "$1") : r7.replace(/((?!\\).|^)\[([^/\\{}])\]/g, "$1$2").replace(/\\([^/{}])/g, "$1");
var T = (r7, t, e = {}) => (mt(t), !e.nocomment && t.charAt(0) === "#" ? false : xi(t, e).match(r7));
var it = /* @__PURE__ */ new Map();
var Si = 256;
var xi = (r7, t) => {
  let e = r7 + "\0" + JSON.stringify(t), s = it.get(e);
  return s ? it.delete(e) : (s = new D(r7, { ...t }), it.size >= Si && it.delete(it.keys().next().value)), it.set(e, s), s;
};
var ls = typeof process == "object" && process ? process.env?.__MINIMATCH_TESTING_PLATFORM__ || process.platform : "posix";
var ns = { win32: { sep: "\\" }, posix: { sep: "/" } };
var vi = ls === "win32" ? ns.win32.sep : ns.posix.sep;
T.sep = vi;
var v = /* @__PURE__ */ Symbol("globstar **");
T.GLOBSTAR = v;
var Ei = (r7, t = {}) => (e) => T(e, r7, t);
T.filter = Ei;
var U = (r7, t = {}) => Object.assign({}, r7, t);
var ki = (r7) => {
  if (!r7 || typeof r7 != "object" || !Object.keys(r7).length) return T;
  let t = T;
  return Object.assign((s, i, n = {}) => t(s, i, U(r7, n)), { Minimatch: class extends t.Minimatch {
    constructor(i, n = {}) {
      super(i, U(r7, n));
    }
    static defaults(i) {
      return t.defaults(U(r7, i)).Minimatch;
    }
  }, unescape: (s, i = {}) => t.unescape(s, U(r7, i)), escape: (s, i = {}) => t.escape(s, U(r7, i)), filter: (s, i = {}) => t.filter(s, U(r7, i)), defaults: (s) => t.defaults(U(r7, s)), braceExpand: (s, i = {}) => t.braceExpand(s, U(r7, i)), match: (s, i, n = {}) => t.match(s, i, U(r7, n)), sep: t.sep, GLOBSTAR: v });
};
T.defaults = ki;
var xe = (r7, t = {}) => (mt(r7), t.nobrace || !/\{(?:(?!\{).)*\}/.test(r7) ? [r7] : Ge(r7, { max: t.braceExpandMax }));
T.braceExpand = xe;
var Ci = 100;
var Ai = /(?<![\\$])\{(-?\d+)\.\.(-?\d+)\}/g;
var Mi = (r7, t, e = {}) => {
  let s = new D(t, e);
  return r7 = r7.filter((i) => s.match(i)), s.options.nonull && !r7.length && r7.push(t), r7;
};
T.match = Mi;
var rs = /[?*]|[+@!]\(.*?\)|\[|\]/;
var cs = (r7, t) => {
  let e = t + 1;
  (r7.charAt(e) === "!" || r7.charAt(e) === "^") && e++;
  let s = false;
  for (; e < r7.length; e++) {
    let i = r7.charAt(e);
    if (i === "]" && s) return e;
    s = true, i === "\\" && e++;
  }
  return -1;
};
var Ri = (r7, t) => {
  if (!t && (r7 === "+()" || r7 === "@()")) return r7;
  let e = "";
  for (let s = 0; s < r7.length; s++) {
    let i = r7.charAt(s);
    if (i === "\\") e += r7.charAt(++s) || i;
    else {
      if (i === "*" || i === "?") return;
      if (i === "[") {
        let n = cs(r7, s);
        if (n === -1) {
          e += i;
          continue;
        }
        let o = r7.slice(s + 1, n);
        if (o.startsWith("\\") && (o = o.slice(1)), [...o].length !== 1 || "!^".includes(r7.charAt(s + 1))) return;
        e += o, s = n;
      } else {
        if (!t && "+@!".includes(i) && r7.charAt(s + 1) === "(" && r7.includes(")", s + 2)) return;
        e += i;
      }
    }
  }
  return e;
};
var Oi = (r7) => {
  if (/^[?*+@]\(\)$/.test(r7) || r7.includes("[:")) return false;
  let t = 0;
  for (let e = 0; e < r7.length; e++) {
    let s = r7.charAt(e);
    if (s === "\\") {
      if (++e === r7.length) return false;
    } else if (s === "[") {
      let i = cs(r7, e);
      i !== -1 && (e = i);
    } else if ("+@!?*".includes(s) && r7.charAt(e + 1) === "(") t++, e++;
    else if (s === ")") {
      if (!t--) return false;
    } else if (s === "|" && !t) return false;
  }
  return !t;
};
var we;
var os;
var X = (r7, t) => typeof r7 == "string" ? t === r7 : t !== "" && r7.testUnchecked(t);
var hs = (r7, t, e, s, i) => X(r7, t) ? e : s !== void 0 && X(r7, s) ? i : -1;
var ve = (r7) => r7 === "." || r7 === "..";
var be = (r7) => typeof r7 == "string" && /^[a-z]:$/i.test(r7);
var zt = (r7) => typeof r7 == "string" && /^unc$/i.test(r7);
var ye = (r7) => {
  if (r7[0] !== "" || r7[1] !== "") return -1;
  let t = r7[2] !== "?" ? 2 : zt(r7[3]) ? 4 : -1, e = r7[t], s = r7[t + 1];
  return t !== -1 && e !== void 0 && e !== "" && e !== v && s !== void 0 && s !== "" && s !== v ? t : -1;
};
var Pt = (r7, t) => !ve(r7) && (t || !r7.startsWith("."));
var gt = (r7, t, e, s, i) => {
  for (let n = t; n < e; ) {
    if (r7.charCodeAt(n) === 46) {
      if (!s) return true;
      let h = r7.charCodeAt(n + 1) === 46 ? n + 2 : n + 1;
      if (h >= e || Lt(r7.charCodeAt(h), i)) return true;
    }
    let o = Ee(r7, n, i);
    if (o === -1) return false;
    for (n = o + 1; n < e && Lt(r7.charCodeAt(n), i); ) n++;
  }
  return false;
};
var Lt = (r7, t) => t === "/" ? r7 === 47 : t === "\\" ? r7 === 92 : r7 === 47 || r7 === 92;
var Ee = (r7, t, e) => {
  if (e !== "both") return r7.indexOf(e, t);
  let s = r7.indexOf("/", t), i = r7.indexOf("\\", t);
  return s === -1 ? i : i === -1 ? s : Math.min(s, i);
};
var as = (r7, t, e) => e !== "both" ? r7.lastIndexOf(e, t) : Math.max(r7.lastIndexOf("/", t), r7.lastIndexOf("\\", t));
var Se = {};
var D = class {
  options;
  set;
  pattern;
  windowsPathsNoEscape;
  nonegate;
  negate;
  comment;
  empty;
  preserveMultipleSlashes;
  partial;
  globSet;
  globParts;
  nocase;
  isWindows;
  platform;
  windowsNoMagicRoot;
  maxGlobstarRecursion;
  #t;
  #n;
  #i;
  #o;
  #r = [];
  #d = [];
  #u = [];
  #f = /* @__PURE__ */ new Map();
  #h = false;
  #m;
  #l = /* @__PURE__ */ new WeakMap();
  constructor(t, e = {}) {
    mt(t), e = e || {}, this.options = e, this.maxGlobstarRecursion = e.maxGlobstarRecursion ?? 200, this.pattern = t, this.platform = e.platform || ls, this.isWindows = this.platform === "win32";
    let s = "allowWindowsEscape";
    this.windowsPathsNoEscape = !!e.windowsPathsNoEscape || e[s] === false, this.windowsPathsNoEscape && (this.pattern = this.pattern.replace(/\\/g, "/")), this.preserveMultipleSlashes = !!e.preserveMultipleSlashes, this.negate = false, this.nonegate = !!e.nonegate, this.comment = false, this.empty = false, this.partial = !!e.partial, this.nocase = !!this.options.nocase, this.windowsNoMagicRoot = e.windowsNoMagicRoot !== void 0 ? e.windowsNoMagicRoot : !!(this.isWindows && this.nocase), this.globSet = [], this.globParts = [], this.set = [], this.#t = !this.preserveMultipleSlashes, this.#i = (e.optimizationLevel ?? 1) >= 2;
    let i = e.normalize;
    this.#o = i === true ? "NFC" : i || void 0, this.make();
    let n = this.set.map((o) => this.#s(o));
    this.#u = this.set.map((o, h) => this.#t && o.length - 1 > n[h]), this.#r = this.set.map((o, h) => {
      let a = this.#u[h] ? o.length - 1 : o.length, l = o.slice(n[h] + 1, a).filter((c) => typeof c == "string" && !!c);
      return [...new Set(l)];
    }), this.#n = this.#r.some((o) => o.length), this.#d = this.set.map((o, h) => {
      let [a, l, c] = o;
      if (this.#u[h] && o.length === 2 && a === v && l !== v) return "tail";
      if (this.#u[h] && e.matchBase && o.length === 1 && a !== v && a !== "") return "base";
      if (!(!this.#t || n[h] !== -1)) {
        if (o.length === 3 && a === v && c === v && l !== v && l !== "" && this.maxGlobstarRecursion > 0) return "mid";
        if (o.length === 2 && l === v && a !== v && a !== "") return "head";
      }
    });
  }
  #a(t) {
    return this.#o ? t.normalize(this.#o) : t;
  }
  #s(t) {
    if (!this.isWindows) return -1;
    if (be(t[0])) return 0;
    if (t[0] === "" && t[1] === "" && t[2] === "?" && be(t[3])) return 3;
    let s = ye(t);
    return s === -1 ? -1 : s + 1;
  }
  hasMagic() {
    if (this.options.magicalBraces && this.set.length > 1) return true;
    for (let t of this.set) for (let e of t) if (typeof e != "string") return true;
    return false;
  }
  make() {
    let t = this.pattern, e = this.options;
    if (!e.nocomment && t.charAt(0) === "#") {
      this.comment = true;
      return;
    }
    if (!t) {
      this.empty = true;
      return;
    }
    this.parseNegate(), this.globSet = [...new Set(this.#M())];
    let s = this.globSet.map((n) => this.#e(n));
    this.globParts = this.preprocess(s), this.#h = true;
    let i = this.globParts.map((n, o, h) => {
      if (this.isWindows && this.windowsNoMagicRoot) {
        let a = n[2] === "?" && zt(n[3]) ? 6 : 4, l = n[0] === "" && n[1] === "" && (n[2] === "?" || !rs.test(n[2])) && n.slice(3, a).every((f) => !rs.test(f)), c = /^[a-z]:/i.test(n[0]);
        if (l) return [...n.slice(0, a).map((f) => this.#a(f)), ...n.slice(a).map((f) => this.parse(f))];
        if (c) return [this.#a(n[0]), ...n.slice(1).map((f) => this.parse(f))];
      }
      return n.map((a) => this.parse(a));
    });
    if (this.set = i.filter((n) => n.indexOf(false) === -1), this.isWindows) for (let n = 0; n < this.set.length; n++) {
      let o = this.set[n];
      o[0] === "" && o[1] === "" && this.globParts[n][2] === "?" && (be(o[3]) || zt(this.globParts[n][3])) && (zt(this.globParts[n][3]) && (o[3] = "UNC"), o[2] = "?");
    }
    e.noext || this.mergeRows(), this.#h = false, this.set.forEach((n, o) => {
      for (let h = 0; h < n.length; h++) n[h] === Se && (n[h] = this.parse(this.globParts[o][h]));
    });
  }
  mergeRows() {
    let t = true;
    for (; t; ) {
      t = false;
      let e = Math.max(0, ...this.set.map((s) => s.length));
      for (let s = 0; s < e; s++) {
        let i = /* @__PURE__ */ new Map();
        this.set.forEach((o, h) => {
          if (!(o[s] instanceof pt || o[s] === Se) || !Oi(this.globParts[h][s])) return;
          let a = [...this.globParts[h]];
          a[s] = "";
          let l = `${o.length}/${a.join("/")}`, c = i.get(l);
          c ? c.push(h) : i.set(l, [h]);
        });
        let n = /* @__PURE__ */ new Set();
        for (let o of i.values()) {
          if (o.length < 2) continue;
          let [h, ...a] = o, c = `@(${o.map((f) => this.globParts[f][s]).join("|")})`;
          this.globParts[h][s] = c, this.set[h][s] = this.parse(c);
          for (let f of a) n.add(f);
        }
        n.size && (t = true, this.set = this.set.filter((o, h) => !n.has(h)), this.globParts = this.globParts.filter((o, h) => !n.has(h)));
      }
    }
  }
  preprocess(t) {
    if (this.options.noglobstar) for (let s of t) for (let i = 0; i < s.length; i++) s[i] === "**" && (s[i] = "*");
    let { optimizationLevel: e = 1 } = this.options;
    return e >= 2 ? (t = this.firstPhasePreProcess(t), t = this.secondPhasePreProcess(t)) : e >= 1 ? t = this.levelOneOptimize(t) : t = this.adjascentGlobstarOptimize(t), t;
  }
  adjascentGlobstarOptimize(t) {
    return t.map((e) => {
      let s = -1;
      for (; (s = e.indexOf("**", s + 1)) !== -1; ) {
        let i = s;
        for (; e[i + 1] === "**"; ) i++;
        i !== s && e.splice(s, i - s);
      }
      return e;
    });
  }
  levelOneOptimize(t) {
    return t.map((e) => {
      let s = this.#s(e) + 1;
      return e = e.reduce((i, n) => {
        let o = i[i.length - 1];
        return n === "**" && o === "**" ? i : n === ".." && i.length > s && o && o !== ".." && o !== "." && o !== "**" ? (i.pop(), i) : (i.push(n), i);
      }, []), e.length === 0 ? [""] : e;
    });
  }
  #b(t) {
    let e = !this.isWindows || !t.includes("\\") ? "/" : t.includes("/") ? "both" : "\\", s = this.#t ? 0 : -1, i = "", n = 0, o, h = 0, a = !!this.options.dot;
    t: for (let l = 0; l < this.set.length; l++) {
      let c = this.set[l], f = c[c.length - 1], u = s !== -1 && this.#u[l] && f !== v;
      if (u && s === 0) {
        let d = as(t, t.length, e);
        if (n = d + 1, i = t.slice(n), i === "" && d >= 0) {
          let m = d;
          for (; m > 0 && Lt(t.charCodeAt(m - 1), e); ) m--;
          h = m === 0 ? 0 : as(t, m - 1, e) + 1, o = t.slice(h, m);
        }
        let w = this.#i && (ve(i) || i === "" && o !== void 0 && ve(o));
        s = w ? -1 : 1, u = !w;
      }
      let p = -1;
      if (u && typeof f == "string" && (p = hs(f, i, n, o, h), p === -1)) continue;
      if (this.#n) {
        for (let d of this.#r[l]) if (!t.includes(d)) continue t;
      }
      if (u && typeof f == "object" && (p = hs(f, i, n, o, h), p === -1)) continue;
      let g = this.#d[l];
      if (g === "base" && u) return "yes";
      if (g === "tail" && u) {
        if (this.#i && gt(t, 0, p, true, e)) return "maybe";
        if (!gt(t, 0, p, a, e)) return "yes";
        continue;
      }
      if (g === "mid" || g === "head") {
        let d = this.#y(t, c, g === "head", a, e);
        if (d !== "no") return d;
        continue;
      }
      return "maybe";
    }
    return "no";
  }
  #E(t, e, s) {
    let i = !!this.options.dot, n = t.length;
    if (s === "head") {
      if (n < 2 || !X(e[0], t[0])) return false;
      for (let h = 1; h < n; h++) if (!Pt(t[h], i)) return false;
      return true;
    }
    let o = e[1];
    if (s === "tail") {
      let h = n - 1;
      if (!X(o, t[h]) && (t[h] !== "" || n === 1 || !X(o, t[--h]))) return false;
      for (let a = 0; a < h; a++) if (!Pt(t[a], i)) return false;
      return true;
    }
    for (let h = 0; h < n; h++) {
      if (X(o, t[h]) && h + 1 < n) {
        let a = h + 1;
        for (; a < n && Pt(t[a], i); ) a++;
        if (a === n) return true;
      }
      if (!Pt(t[h], i)) return false;
    }
    return false;
  }
  #y(t, e, s, i, n) {
    if (this.#i && gt(t, 0, t.length, true, n)) return "maybe";
    let o = e[s ? 0 : 1], h = 0;
    for (let a = Ee(t, h, n); a !== -1; a = Ee(t, h, n)) {
      let l = a + 1;
      for (; l < t.length && Lt(t.charCodeAt(l), n); ) l++;
      if ((typeof o == "string" ? a - h === o.length && t.startsWith(o, h) : a > h && o.testUnchecked(t.slice(h, a))) && !gt(t, l, t.length, i, n)) return "yes";
      if (s || gt(t, h, l, i, n)) return "no";
      h = l;
    }
    return "no";
  }
  #g(t) {
    let e = we;
    return e?.f === t && e.isWindows === this.isWindows && e.preserveMultipleSlashes === this.preserveMultipleSlashes && e.normalize === this.#o ? e : void 0;
  }
  #w(t) {
    let { isWindows: e, preserveMultipleSlashes: s } = this, i = this.#e(e ? t.split("\\").join("/") : t), n = this.#o;
    return n && (i = i.map((o) => o.normalize(n))), we = { f: t, isWindows: e, preserveMultipleSlashes: s, normalize: n, parts: i }, we;
  }
  #p(t) {
    let e = [...t], s = false;
    do {
      if (s = false, !this.preserveMultipleSlashes) {
        for (let o = 1; o < e.length - 1; o++) {
          let h = e[o];
          o === 1 && h === "" && e[0] === "" || (h === "." || h === "") && (s = true, e.splice(o, 1), o--);
        }
        e[0] === "." && e.length === 2 && (e[1] === "." || e[1] === "") && (s = true, e.pop());
      }
      let i = this.#s(e) + 1, n = i;
      for (; (n = e.indexOf("..", n + 1)) !== -1; ) {
        let o = e[n - 1];
        o && o !== "." && o !== ".." && o !== "**" && (s = true, e.splice(n - 1, 2), n = Math.max(n - 2, i));
      }
    } while (s);
    return e.length === 0 ? [""] : e;
  }
  firstPhasePreProcess(t) {
    let { braceExpandMax: e = 1e5 } = this.options, s = 0, i = 1e6, n = false;
    do {
      n = false;
      for (let o of t) {
        let h = -1;
        for (; (h = o.indexOf("**", h + 1)) !== -1; ) {
          let c = h;
          for (; o[c + 1] === "**"; ) c++;
          c > h && o.splice(h + 1, c - h);
          let f = o[h + 1], u = o[h + 2], p = o[h + 3];
          if (f !== ".." || !u || u === "." || u === ".." || !p || p === "." || p === "..") continue;
          let g = o.length - 1;
          if (t.length >= e || s + g > i) throw new RangeError("optimizationLevel 2: too many patterns from '**/..'");
          n = true, o.splice(h, 1);
          let d = o.slice(0);
          d[h] = "**", s += g, t.push(d), h--;
        }
        if (!this.preserveMultipleSlashes) {
          for (let c = 1; c < o.length - 1; c++) {
            let f = o[c];
            c === 1 && f === "" && o[0] === "" || (f === "." || f === "") && (n = true, o.splice(c, 1), c--);
          }
          o[0] === "." && o.length === 2 && (o[1] === "." || o[1] === "") && (n = true, o.pop());
        }
        let a = this.#s(o) + 1, l = a;
        for (; (l = o.indexOf("..", l + 1)) !== -1; ) {
          let c = o[l - 1];
          if (c && c !== "." && c !== ".." && c !== "**") {
            n = true;
            let u = l === 1 && o[l + 1] === "**" ? ["."] : [];
            o.splice(l - 1, 2, ...u), o.length === 0 && o.push(""), l = Math.max(l - 2, a);
          }
        }
      }
    } while (n);
    return t;
  }
  secondPhasePreProcess(t) {
    let e = /* @__PURE__ */ new Set(), s = t.filter((o) => {
      let h = o.join("/");
      return e.has(h) ? false : (e.add(h), true);
    }), i = /* @__PURE__ */ new Map();
    for (let o of s) {
      let h = [];
      for (let a = 0; a < o.length; a++) o[a] === "*" && h.push(a);
      h.length && i.set(h.join(","), h);
    }
    if (!i.size || s.length * i.size > 1e5) return s;
    let { dot: n } = this.options;
    return s.filter((o) => {
      for (let h of i.values()) {
        if (h[h.length - 1] >= o.length) continue;
        let a = [...o], l = true, c = false;
        for (let f of h) {
          let u = o[f];
          if (u !== "*") {
            if (!u || u === "**" || !n && u.startsWith(".")) {
              l = false;
              break;
            }
            a[f] = "*", c = true;
          }
        }
        if (l && c && e.has(a.join("/"))) return false;
      }
      return true;
    });
  }
  parseNegate() {
    if (this.nonegate) return;
    let t = this.pattern, e = false, s = 0;
    for (let i = 0; i < t.length && t.charAt(i) === "!"; i++) e = !e, s++;
    s && (this.pattern = t.slice(s)), this.negate = e;
  }
  #k(t, e, s, i) {
    let n = 0, o = 0, h = this.isWindows ? ye(e) : -1, a = h === -1 ? -1 : ye(s);
    if (a !== -1) {
      let l = s[a], c = s[a + 1];
      typeof l != "string" || typeof c != "string" ? (n = h, o = a) : e[h].toLowerCase() === l.toLowerCase() && e[h + 1].toLowerCase() === c.toLowerCase() && (n = h + 2, o = a + 2);
    } else if (this.isWindows) {
      let l = typeof t[0] == "string" && /^[a-z]:$/i.test(t[0]), c = !l && t[0] === "" && t[1] === "" && t[2] === "?" && /^[a-z]:$/i.test(t[3]), f = typeof s[0] == "string" && /^[a-z]:$/i.test(s[0]), u = !f && s[0] === "" && s[1] === "" && s[2] === "?" && typeof s[3] == "string" && /^[a-z]:$/i.test(s[3]), p = c ? 3 : l ? 0 : void 0, g = u ? 3 : f ? 0 : void 0;
      if (typeof p == "number" && typeof g == "number") {
        let [d, w] = [t[p], s[g]];
        d.toLowerCase() === w.toLowerCase() && (o = g + 1, n = p + 1);
      }
    }
    return t = e, s.includes(v) ? this.#C(t, s, i, n, o) : this.#S(t, s, i, n, o);
  }
  #C(t, e, s, i, n) {
    let { head: o, body: h, tail: a, segments: l } = this.#x(e, s, n);
    if (o.length) {
      let f = i + o.length;
      if (!this.#S(t, o, s, i, 0, f)) return false;
      i += o.length, n += o.length;
    }
    let c = 0;
    if (a.length) {
      if (a.length + i > t.length) return false;
      let f = t.length - a.length;
      if (this.#S(t, a, s, f, 0)) c = a.length;
      else {
        if (t[t.length - 1] !== "" || i + a.length === t.length || (f--, !this.#S(t, a, s, f, 0))) return false;
        c = a.length + 1;
      }
    }
    if (!h.length) {
      let f = !!c;
      for (let u = i; u < t.length - c; u++) {
        let p = String(t[u]);
        if (f = true, p === "." || p === ".." || !this.options.dot && p.startsWith(".")) return false;
      }
      return s || f;
    }
    return !!this.#v(t, l, t.length - c, i, 0, s, 0, !!c, /* @__PURE__ */ new Set());
  }
  #x(t, e, s) {
    let i = this.#l.get(t);
    i || (i = [], this.#l.set(t, i));
    let n = s * 2 + (e ? 1 : 0), o = i[n];
    if (o) return o;
    let h = t.indexOf(v, s), a = t.lastIndexOf(v), l = t.slice(s, h), c = t.slice(h + 1, e ? void 0 : a), f = e ? [] : t.slice(a + 1), u = [[[], 0]], p = u[0], g = 0, d = [0];
    for (let m of c) m === v ? (d.push(g), p = [[], 0], u.push(p)) : (p[0].push(m), g++);
    u.forEach((m, b) => {
      m[1] = g - d[b];
    });
    let w = { head: l, body: c, tail: f, segments: u };
    return i[n] = w, w;
  }
  #v(t, e, s, i, n, o, h, a, l) {
    let c = e[n];
    if (!c) {
      if (o) return i >= s || i === s - 1 && t[i] === "";
      for (let g = i; g < s; g++) {
        a = true;
        let d = t[g];
        if (d === "." || d === ".." || !this.options.dot && d.startsWith(".")) return false;
      }
      return a;
    }
    let [f, u] = c, p = o ? s : s - u;
    for (; i <= p; ) {
      let g = n * (t.length + 1) + i;
      if (l.has(g)) return false;
      if (l.add(g), this.#S(t, f, o, i, 0, i + f.length) && h < this.maxGlobstarRecursion) {
        let m = this.#v(t, e, s, i + f.length, n + 1, o, h + 1, a, l);
        if (m !== false) return m;
      }
      if (i === p) break;
      let w = t[i];
      if (w === "." || w === ".." || !this.options.dot && w.startsWith(".")) return false;
      i++;
    }
    return o || null;
  }
  #S(t, e, s, i, n, o = t.length) {
    let h, a, l, c;
    for (h = i, a = n, c = Math.min(o, t.length), l = e.length; h < c && a < l; h++, a++) {
      let f = e[a], u = t[h];
      if (f === false || f === v || !X(f, u)) return false;
    }
    if (h === c && a === l) return true;
    if (h === c) return s;
    if (a === l) return h === c - 1 && t[h] === "";
    throw new Error("wtf?");
  }
  braceExpand() {
    return xe(this.pattern, this.options);
  }
  #M() {
    let { pattern: t } = this;
    if (this.options.nobrace) return this.braceExpand();
    let e = 57344;
    for (; t.includes(String.fromCharCode(e)); ) if (++e > 63743) return this.braceExpand();
    let s = String.fromCharCode(e), i = false, n = t.replace(Ai, (h, a, l) => {
      let c = Number(a), f = Number(l);
      return !Number.isSafeInteger(c) || !Number.isSafeInteger(f) || Math.abs(c - f) + 1 < Ci ? h : (i = true, `${s}${a}..${l}${s}`);
    });
    if (!i) return this.braceExpand();
    let o = xe(n, this.options);
    for (let h of o) for (let a of h.split("/")) {
      let l = a.indexOf("[");
      if (l !== -1 && l < a.lastIndexOf(s)) return this.braceExpand();
    }
    return this.#m = s, o;
  }
  parse(t) {
    mt(t);
    let e = this.options;
    if (t === "**") return v;
    if (t === "") return "";
    let { nocase: s, nocaseMagicOnly: i, noext: n = false, dot: o, normalize: h } = e, a = this.#m, l = a && t.includes(a) ? void 0 : Ri(t, n);
    if (l !== void 0 && !(s && !i && t.toUpperCase() !== t.toLowerCase())) return this.#a(l);
    if (this.#h) return Se;
    let c = this.#f.get(t);
    return c || (c = new pt(t, { nocase: s, noext: n, dot: o, normalize: h, ...a && { rangeMark: a } }), this.#f.set(t, c)), c;
  }
  #e(t) {
    return this.preserveMultipleSlashes ? t.split("/") : this.isWindows && /^\/\/[^/]+/.test(t) ? ["", ...t.split(/\/+/)] : t.split(/\/+/);
  }
  match(t, e = this.partial) {
    if (this.comment) return false;
    if (this.empty) return t === "";
    if (t === "/" && e) return true;
    let s = this.options, i = this.#g(t);
    if (!i) {
      if (!e && !this.#o && (this.#t || this.#n) && os !== t) {
        os = t;
        let l = this.#b(t);
        if (l === "no") return s.flipNegate ? false : this.negate;
        if (l === "yes") return s.flipNegate ? true : !this.negate;
      }
      i = this.#w(t);
    }
    let n = i.parts, o = this.#i ? i.resolved ??= this.#p(n) : n, h = this.set, a = n[n.length - 1];
    if (!a) for (let l = n.length - 2; !a && l >= 0; l--) a = n[l];
    for (let l = 0; l < h.length; l++) {
      let c = h[l], f = e ? void 0 : this.#d[l];
      if (f === "base" ? X(c[0], a) : f ? this.#E(o, c, f) : s.matchBase && c.length === 1 ? this.#k([a], [a], c, e) : this.#k(n, o, c, e)) return s.flipNegate ? true : !this.negate;
    }
    return s.flipNegate ? false : this.negate;
  }
  static defaults(t) {
    return T.defaults(t).Minimatch;
  }
};
T.Minimatch = D;
T.escape = K;
T.unescape = st;
var M = Ti("lru-cache:metrics");
var wt = Fi("lru-cache");
var _i = typeof performance == "object" && performance && typeof performance.now == "function" ? performance : Date;
var ke = () => M.hasSubscribers || wt.hasSubscribers;
var us = /* @__PURE__ */ new Set();
var fs = typeof process == "object" && process ? process : {};
var Di = (r7, t, e, s) => {
  typeof fs.emitWarning == "function" ? fs.emitWarning(r7, t, e, s) : console.error(`[${e}] ${t}: ${r7}`);
};
var Ni = (r7) => !us.has(r7);
var V = (r7) => !!r7 && r7 === Math.floor(r7) && r7 > 0 && isFinite(r7);
var ds = (r7) => V(r7) ? r7 <= Math.pow(2, 8) ? Uint8Array : r7 <= Math.pow(2, 16) ? Uint16Array : r7 <= Math.pow(2, 32) ? Uint32Array : r7 <= Number.MAX_SAFE_INTEGER ? jt : null : null;
var jt = class extends Array {
  constructor(r7) {
    super(r7), this.fill(0);
  }
};
var Pi = class bt {
  heap;
  length;
  static #t = false;
  static create(t) {
    let e = ds(t);
    if (!e) return [];
    bt.#t = true;
    let s = new bt(t, e);
    return bt.#t = false, s;
  }
  constructor(t, e) {
    if (!bt.#t) throw new TypeError("instantiate Stack using Stack.create(n)");
    this.heap = new e(t), this.length = 0;
  }
  push(t) {
    this.heap[this.length++] = t;
  }
  pop() {
    return this.heap[--this.length];
  }
};
var yt = class ps {
  #t;
  #n;
  #i;
  #o;
  #r;
  #d;
  #u;
  #f;
  get perf() {
    return this.#f;
  }
  ttl;
  ttlResolution;
  ttlAutopurge;
  updateAgeOnGet;
  updateAgeOnHas;
  allowStale;
  noDisposeOnSet;
  noUpdateTTL;
  maxEntrySize;
  sizeCalculation;
  noDeleteOnFetchRejection;
  noDeleteOnStaleGet;
  allowStaleOnFetchAbort;
  allowStaleOnFetchRejection;
  ignoreFetchAbort;
  backgroundFetchSize;
  #h;
  #m;
  #l;
  #a;
  #s;
  #b;
  #E;
  #y;
  #g;
  #w;
  #p;
  #k;
  #C;
  #x;
  #v;
  #S;
  #M;
  #e;
  #T;
  static unsafeExposeInternals(t) {
    return { starts: t.#C, ttls: t.#x, autopurgeTimers: t.#v, sizes: t.#k, keyMap: t.#l, keyList: t.#a, valList: t.#s, next: t.#b, prev: t.#E, get head() {
      return t.#y;
    }, get tail() {
      return t.#g;
    }, free: t.#w, isBackgroundFetch: (e) => t.#c(e), backgroundFetch: (e, s, i, n) => t.#L(e, s, i, n), moveToTail: (e) => t.#X(e), indexes: (e) => t.#O(e), rindexes: (e) => t.#F(e), isStale: (e) => t.#A(e) };
  }
  get max() {
    return this.#t;
  }
  get maxSize() {
    return this.#n;
  }
  get calculatedSize() {
    return this.#m;
  }
  get size() {
    return this.#h;
  }
  get fetchMethod() {
    return this.#d;
  }
  get memoMethod() {
    return this.#u;
  }
  get dispose() {
    return this.#i;
  }
  get onInsert() {
    return this.#o;
  }
  get disposeAfter() {
    return this.#r;
  }
  constructor(t) {
    let { max: e = 0, ttl: s, ttlResolution: i = 1, ttlAutopurge: n, updateAgeOnGet: o, updateAgeOnHas: h, allowStale: a, dispose: l, onInsert: c, disposeAfter: f, noDisposeOnSet: u, noUpdateTTL: p, maxSize: g = 0, maxEntrySize: d = 0, sizeCalculation: w, fetchMethod: m, memoMethod: b, noDeleteOnFetchRejection: x, noDeleteOnStaleGet: S, allowStaleOnFetchRejection: y, allowStaleOnFetchAbort: q, ignoreFetchAbort: W, backgroundFetchSize: B = 1, perf: et } = t;
    if (this.backgroundFetchSize = B, et !== void 0 && typeof et?.now != "function") throw new TypeError("perf option must have a now() method if specified");
    if (this.#f = et ?? _i, e !== 0 && !V(e)) throw new TypeError("max option must be a nonnegative integer");
    let ie = e ? ds(e) : Array;
    if (!ie) throw new Error("invalid max value: " + e);
    if (this.#t = e, this.#n = g, this.maxEntrySize = d || this.#n, this.sizeCalculation = w, this.sizeCalculation) {
      if (!this.#n && !this.maxEntrySize) throw new TypeError("cannot set sizeCalculation without setting maxSize or maxEntrySize");
      if (typeof this.sizeCalculation != "function") throw new TypeError("sizeCalculation set to non-function");
    }
    if (b !== void 0 && typeof b != "function") throw new TypeError("memoMethod must be a function if defined");
    if (this.#u = b, m !== void 0 && typeof m != "function") throw new TypeError("fetchMethod must be a function if specified");
    if (this.#d = m, this.#M = !!m, this.#l = /* @__PURE__ */ new Map(), this.#a = Array.from({ length: e }).fill(void 0), this.#s = Array.from({ length: e }).fill(void 0), this.#b = new ie(e), this.#E = new ie(e), this.#y = 0, this.#g = 0, this.#w = Pi.create(e), this.#h = 0, this.#m = 0, typeof l == "function" && (this.#i = l), typeof c == "function" && (this.#o = c), typeof f == "function" ? (this.#r = f, this.#p = []) : (this.#r = void 0, this.#p = void 0), this.#S = !!this.#i, this.#T = !!this.#o, this.#e = !!this.#r, this.noDisposeOnSet = !!u, this.noUpdateTTL = !!p, this.noDeleteOnFetchRejection = !!x, this.allowStaleOnFetchRejection = !!y, this.allowStaleOnFetchAbort = !!q, this.ignoreFetchAbort = !!W, this.maxEntrySize !== 0) {
      if (this.#n !== 0 && !V(this.#n)) throw new TypeError("maxSize must be a positive integer if specified");
      if (!V(this.maxEntrySize)) throw new TypeError("maxEntrySize must be a positive integer if specified");
      this.#G();
    }
    if (this.allowStale = !!a, this.noDeleteOnStaleGet = !!S, this.updateAgeOnGet = !!o, this.updateAgeOnHas = !!h, this.ttlResolution = V(i) || i === 0 ? i : 1, this.ttlAutopurge = !!n, this.ttl = s || 0, this.ttl) {
      if (!V(this.ttl)) throw new TypeError("ttl must be a positive integer if specified");
      this.#_();
    }
    if (this.#t === 0 && this.ttl === 0 && this.#n === 0) throw new TypeError("At least one of max, maxSize, or ttl is required");
    if (!this.ttlAutopurge && !this.#t && !this.#n) {
      let ne = "LRU_CACHE_UNBOUNDED";
      Ni(ne) && (us.add(ne), Di("TTL caching without ttlAutopurge, max, or maxSize can result in unbounded memory consumption.", "UnboundedCacheWarning", ne, ps));
    }
  }
  getRemainingTTL(t) {
    return this.#l.has(t) ? 1 / 0 : 0;
  }
  #_() {
    let t = new jt(this.#t), e = new jt(this.#t);
    this.#x = t, this.#C = e;
    let s = this.ttlAutopurge ? Array.from({ length: this.#t }) : void 0;
    this.#v = s, this.#W = (a, l, c = this.#f.now()) => {
      e[a] = l !== 0 ? c : 0, t[a] = l, i(a, l);
    }, this.#R = (a) => {
      e[a] = t[a] !== 0 ? this.#f.now() : 0, i(a, t[a]);
    };
    let i = this.ttlAutopurge ? (a, l) => {
      if (s?.[a] && (clearTimeout(s[a]), s[a] = void 0), l && l !== 0 && s) {
        let c = setTimeout(() => {
          this.#A(a) ? (this.#j(this.#a[a], "expire"), s[a] = void 0) : i(a, h(a));
        }, l + 1);
        c.unref && c.unref(), s[a] = c;
      }
    } : () => {
    };
    this.#D = (a, l) => {
      if (t[l]) {
        let c = t[l], f = e[l];
        if (!c || !f) return;
        a.ttl = c, a.start = f, a.now = n || o();
        let u = a.now - f;
        a.remainingTTL = c - u;
      }
    };
    let n = 0, o = () => {
      let a = this.#f.now();
      if (this.ttlResolution > 0) {
        n = a;
        let l = setTimeout(() => n = 0, this.ttlResolution);
        l.unref && l.unref();
      }
      return a;
    };
    this.getRemainingTTL = (a) => {
      let l = this.#l.get(a);
      return l === void 0 ? 0 : h(l);
    };
    let h = (a) => {
      let l = t[a], c = e[a];
      if (!l || !c) return 1 / 0;
      let f = (n || o()) - c;
      return l - f;
    };
    this.#A = (a) => {
      let l = e[a], c = t[a];
      return !!c && !!l && (n || o()) - l > c;
    };
  }
  #R = () => {
  };
  #D = () => {
  };
  #W = () => {
  };
  #A = () => false;
  #G() {
    let t = new jt(this.#t);
    this.#m = 0, this.#k = t, this.#P = (e) => {
      this.#m -= t[e], t[e] = 0;
    }, this.#$ = (e, s, i, n) => {
      if (!V(i)) {
        if (this.#c(s)) return this.backgroundFetchSize;
        if (n) {
          if (typeof n != "function") throw new TypeError("sizeCalculation must be a function");
          if (i = n(s, e), !V(i)) throw new TypeError("sizeCalculation return invalid (expect positive integer)");
        } else throw new TypeError("invalid size value (must be positive integer). When maxSize or maxEntrySize is used, sizeCalculation or size must be set.");
      }
      return i;
    }, this.#N = (e, s, i) => {
      if (t[e] = s, this.#n) {
        let n = this.#n - t[e];
        for (; this.#m > n; ) this.#U(true);
      }
      this.#m += t[e], i && (i.entrySize = s, i.totalCalculatedSize = this.#m);
    };
  }
  #P = (t) => {
  };
  #N = (t, e, s) => {
  };
  #$ = (t, e, s, i) => {
    if (s || i) throw new TypeError("cannot set size without setting maxSize or maxEntrySize on cache");
    return 0;
  };
  *#O({ allowStale: t = this.allowStale } = {}) {
    if (this.#h) for (let e = this.#g; this.#I(e) && ((t || !this.#A(e)) && (yield e), e !== this.#y); ) e = this.#E[e];
  }
  *#F({ allowStale: t = this.allowStale } = {}) {
    if (this.#h) for (let e = this.#y; this.#I(e) && ((t || !this.#A(e)) && (yield e), e !== this.#g); ) e = this.#b[e];
  }
  #I(t) {
    return t !== void 0 && this.#l.get(this.#a[t]) === t;
  }
  *entries() {
    for (let t of this.#O()) this.#s[t] !== void 0 && this.#a[t] !== void 0 && !this.#c(this.#s[t]) && (yield [this.#a[t], this.#s[t]]);
  }
  *rentries() {
    for (let t of this.#F()) this.#s[t] !== void 0 && this.#a[t] !== void 0 && !this.#c(this.#s[t]) && (yield [this.#a[t], this.#s[t]]);
  }
  *keys() {
    for (let t of this.#O()) {
      let e = this.#a[t];
      e !== void 0 && !this.#c(this.#s[t]) && (yield e);
    }
  }
  *rkeys() {
    for (let t of this.#F()) {
      let e = this.#a[t];
      e !== void 0 && !this.#c(this.#s[t]) && (yield e);
    }
  }
  *values() {
    for (let t of this.#O()) this.#s[t] !== void 0 && !this.#c(this.#s[t]) && (yield this.#s[t]);
  }
  *rvalues() {
    for (let t of this.#F()) this.#s[t] !== void 0 && !this.#c(this.#s[t]) && (yield this.#s[t]);
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  [Symbol.toStringTag] = "LRUCache";
  find(t, e = {}) {
    for (let s of this.#O()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      if (n !== void 0 && t(n, this.#a[s], this)) return this.#K(this.#a[s], e);
    }
  }
  forEach(t, e = this) {
    for (let s of this.#O()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      n !== void 0 && t.call(e, n, this.#a[s], this);
    }
  }
  rforEach(t, e = this) {
    for (let s of this.#F()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      n !== void 0 && t.call(e, n, this.#a[s], this);
    }
  }
  purgeStale() {
    let t = false;
    for (let e of this.#F({ allowStale: true })) this.#A(e) && (this.#j(this.#a[e], "expire"), t = true);
    return t;
  }
  info(t) {
    let e = this.#l.get(t);
    if (e === void 0) return;
    let s = this.#s[e], i = this.#c(s) ? s.__staleWhileFetching : s;
    if (i === void 0) return;
    let n = { value: i };
    if (this.#x && this.#C) {
      let o = this.#x[e], h = this.#C[e];
      if (o && h) {
        let a = o - (this.#f.now() - h);
        n.ttl = a, n.start = Date.now();
      }
    }
    return this.#k && (n.size = this.#k[e]), n;
  }
  dump() {
    let t = [];
    for (let e of this.#O({ allowStale: true })) {
      let s = this.#a[e], i = this.#s[e], n = this.#c(i) ? i.__staleWhileFetching : i;
      if (n === void 0 || s === void 0) continue;
      let o = { value: n };
      if (this.#x && this.#C) {
        o.ttl = this.#x[e];
        let h = this.#f.now() - this.#C[e];
        o.start = Math.floor(Date.now() - h);
      }
      this.#k && (o.size = this.#k[e]), t.unshift([s, o]);
    }
    return t;
  }
  load(t) {
    this.clear();
    for (let [e, s] of t) {
      if (s.start) {
        let i = Date.now() - s.start;
        s.start = this.#f.now() - i;
      }
      this.#z(e, s.value, s);
    }
  }
  set(t, e, s = {}) {
    let { status: i = M.hasSubscribers ? {} : void 0 } = s;
    s.status = i, i && (i.op = "set", i.key = t, e !== void 0 && (i.value = e), i.cache = this);
    let n = this.#z(t, e, s);
    return i && M.hasSubscribers && M.publish(i), n;
  }
  #z(t, e, s, i) {
    let { ttl: n = this.ttl, start: o, noDisposeOnSet: h = this.noDisposeOnSet, sizeCalculation: a = this.sizeCalculation, status: l } = s, c = this.#c(e);
    if (e === void 0) return l && (l.set = "deleted"), this.delete(t), this;
    let { noUpdateTTL: f = this.noUpdateTTL } = s;
    l && !c && (l.value = e);
    let u = this.#$(t, e, s.size || 0, a, l);
    if (this.maxEntrySize && u > this.maxEntrySize) return this.#j(t, "set"), l && (l.set = "miss", l.maxEntrySizeExceeded = true), this;
    let p = this.#h === 0 ? void 0 : this.#l.get(t);
    if (p === void 0) p = this.#h === 0 ? this.#g : this.#w.length !== 0 ? this.#w.pop() : this.#h === this.#t ? this.#U(false) : this.#h, this.#a[p] = t, this.#s[p] = e, this.#l.set(t, p), this.#b[this.#g] = p, this.#E[p] = this.#g, this.#g = p, this.#h++, this.#N(p, u, l), l && (l.set = "add"), f = false, this.#T && !c && this.#o?.(e, t, "add");
    else {
      this.#X(p);
      let g = this.#s[p];
      if (e !== g) {
        if (!h) if (this.#c(g)) {
          g !== i && g.__abortController.abort(new Error("replaced"));
          let { __staleWhileFetching: d } = g;
          d !== void 0 && d !== e && (this.#S && this.#i?.(d, t, "set"), this.#e && this.#p?.push([d, t, "set"]));
        } else this.#S && this.#i?.(g, t, "set"), this.#e && this.#p?.push([g, t, "set"]);
        if (this.#P(p), this.#N(p, u, l), this.#s[p] = e, !c) {
          let d = g && this.#c(g) ? g.__staleWhileFetching : g, w = d === void 0 ? "add" : e !== d ? "replace" : "update";
          l && (l.set = w, d !== void 0 && (l.oldValue = d)), this.#T && this.onInsert?.(e, t, w);
        }
      } else c || (l && (l.set = "update"), this.#T && this.onInsert?.(e, t, "update"));
    }
    if (n !== 0 && !this.#x && this.#_(), this.#x && (f || this.#W(p, n, o), l && this.#D(l, p)), !h && this.#e && this.#p) {
      let g = this.#p, d;
      for (; d = g?.shift(); ) this.#r?.(...d);
    }
    return this;
  }
  pop() {
    try {
      for (; this.#h; ) {
        let t = this.#s[this.#y];
        if (this.#U(true), this.#c(t)) {
          if (t.__staleWhileFetching) return t.__staleWhileFetching;
        } else if (t !== void 0) return t;
      }
    } finally {
      if (this.#e && this.#p) {
        let t = this.#p, e;
        for (; e = t?.shift(); ) this.#r?.(...e);
      }
    }
  }
  #U(t) {
    let e = this.#y, s = this.#a[e], i = this.#s[e], n = this.#c(i);
    n && i.__abortController.abort(new Error("evicted"));
    let o = n ? i.__staleWhileFetching : i;
    return (this.#S || this.#e) && o !== void 0 && (this.#S && this.#i?.(o, s, "evict"), this.#e && this.#p?.push([o, s, "evict"])), this.#P(e), this.#v?.[e] && (clearTimeout(this.#v[e]), this.#v[e] = void 0), t && (this.#a[e] = void 0, this.#s[e] = void 0, this.#w.push(e)), this.#h === 1 ? (this.#y = this.#g = 0, this.#w.length = 0) : this.#y = this.#b[e], this.#l.delete(s), this.#h--, e;
  }
  has(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "has", s.key = t, s.cache = this);
    let i = this.#V(t, e);
    return M.hasSubscribers && M.publish(s), i;
  }
  #V(t, e = {}) {
    let { updateAgeOnHas: s = this.updateAgeOnHas, status: i } = e, n = this.#l.get(t);
    if (n !== void 0) {
      let o = this.#s[n];
      if (this.#c(o) && o.__staleWhileFetching === void 0) return false;
      if (this.#A(n)) i && (i.has = "stale", this.#D(i, n));
      else return s && this.#R(n), i && (i.has = "hit", this.#D(i, n)), true;
    } else i && (i.has = "miss");
    return false;
  }
  peek(t, e = {}) {
    let { status: s = ke() ? {} : void 0 } = e;
    s && (s.op = "peek", s.key = t, s.cache = this), e.status = s;
    let i = this.#H(t, e);
    return M.hasSubscribers && M.publish(s), i;
  }
  #H(t, e) {
    let { status: s, allowStale: i = this.allowStale } = e, n = this.#l.get(t);
    if (n === void 0 || !i && this.#A(n)) {
      s && (s.peek = n === void 0 ? "miss" : "stale");
      return;
    }
    let o = this.#s[n], h = this.#c(o) ? o.__staleWhileFetching : o;
    return s && (h !== void 0 ? (s.peek = "hit", s.value = h) : s.peek = "miss"), h;
  }
  #L(t, e, s, i) {
    let n = e === void 0 ? void 0 : this.#s[e];
    if (this.#c(n)) return n;
    let o = new AbortController(), { signal: h } = s;
    h?.addEventListener("abort", () => o.abort(h.reason), { signal: o.signal });
    let a = { signal: o.signal, options: s, context: i }, l = (d, w = false) => {
      let { aborted: m } = o.signal, b = s.ignoreFetchAbort && d !== void 0, x = s.ignoreFetchAbort || !!(s.allowStaleOnFetchAbort && d !== void 0);
      if (s.status && (m && !w ? (s.status.fetchAborted = true, s.status.fetchError = o.signal.reason, b && (s.status.fetchAbortIgnored = true)) : s.status.fetchResolved = true), m && !b && !w) return f(o.signal.reason, x);
      let S = p, y = this.#s[e];
      return (y === p || y === void 0 && b && w) && (d === void 0 ? S.__staleWhileFetching !== void 0 ? this.#s[e] = S.__staleWhileFetching : this.#j(t, "fetch") : (s.status && (s.status.fetchUpdated = true), this.#z(t, d, a.options, S))), d;
    }, c = (d) => (s.status && (s.status.fetchRejected = true, s.status.fetchError = d), f(d, false)), f = (d, w) => {
      let { aborted: m } = o.signal, b = m && s.allowStaleOnFetchAbort, x = b || s.allowStaleOnFetchRejection, S = x || s.noDeleteOnFetchRejection, y = p;
      if (this.#s[e] === p && (!S || !w && y.__staleWhileFetching === void 0 ? this.#j(t, "fetch") : b || (this.#s[e] = y.__staleWhileFetching)), x) return s.status && y.__staleWhileFetching !== void 0 && (s.status.returnedStale = true), y.__staleWhileFetching;
      if (y.__returned === y) throw d;
    }, u = (d, w) => {
      let m = this.#d?.(t, n, a);
      o.signal.addEventListener("abort", () => {
        (!s.ignoreFetchAbort || s.allowStaleOnFetchAbort) && (d(void 0), s.allowStaleOnFetchAbort && (d = (b) => l(b, true)));
      }), m && m instanceof Promise ? m.then((b) => d(b === void 0 ? void 0 : b), w) : m !== void 0 && d(m);
    };
    s.status && (s.status.fetchDispatched = true);
    let p = new Promise(u).then(l, c), g = Object.assign(p, { __abortController: o, __staleWhileFetching: n, __returned: void 0 });
    return e === void 0 ? (this.#z(t, g, { ...a.options, status: void 0 }), e = this.#l.get(t)) : this.#s[e] = g, g;
  }
  #c(t) {
    if (!this.#M) return false;
    let e = t;
    return !!e && e instanceof Promise && e.hasOwnProperty("__staleWhileFetching") && e.__abortController instanceof AbortController;
  }
  fetch(t, e = {}) {
    let s = wt.hasSubscribers, { status: i = ke() ? {} : void 0 } = e;
    e.status = i, i && e.context && (i.context = e.context);
    let n = this.#q(t, e);
    return i && s && (i.trace = true, wt.tracePromise(() => n, i).catch(() => {
    })), n;
  }
  async #q(t, e = {}) {
    let { allowStale: s = this.allowStale, updateAgeOnGet: i = this.updateAgeOnGet, noDeleteOnStaleGet: n = this.noDeleteOnStaleGet, ttl: o = this.ttl, noDisposeOnSet: h = this.noDisposeOnSet, size: a = 0, sizeCalculation: l = this.sizeCalculation, noUpdateTTL: c = this.noUpdateTTL, noDeleteOnFetchRejection: f = this.noDeleteOnFetchRejection, allowStaleOnFetchRejection: u = this.allowStaleOnFetchRejection, ignoreFetchAbort: p = this.ignoreFetchAbort, allowStaleOnFetchAbort: g = this.allowStaleOnFetchAbort, context: d, forceRefresh: w = false, status: m, signal: b } = e;
    if (m && (m.op = "fetch", m.key = t, w && (m.forceRefresh = true), m.cache = this), !this.#M) return m && (m.fetch = "get"), this.#K(t, { allowStale: s, updateAgeOnGet: i, noDeleteOnStaleGet: n, status: m });
    let x = { allowStale: s, updateAgeOnGet: i, noDeleteOnStaleGet: n, ttl: o, noDisposeOnSet: h, size: a, sizeCalculation: l, noUpdateTTL: c, noDeleteOnFetchRejection: f, allowStaleOnFetchRejection: u, allowStaleOnFetchAbort: g, ignoreFetchAbort: p, status: m, signal: b }, S = this.#l.get(t);
    if (S === void 0) {
      m && (m.fetch = "miss");
      let y = this.#L(t, S, x, d);
      return y.__returned = y;
    } else {
      let y = this.#s[S];
      if (this.#c(y)) {
        let et = s && y.__staleWhileFetching !== void 0;
        return m && (m.fetch = "inflight", et && (m.returnedStale = true)), et ? y.__staleWhileFetching : y.__returned = y;
      }
      let q = this.#A(S);
      if (!w && !q) return m && (m.fetch = "hit"), this.#X(S), i && this.#R(S), m && this.#D(m, S), y;
      let W = this.#L(t, S, x, d), B = W.__staleWhileFetching !== void 0 && s;
      return m && (m.fetch = q ? "stale" : "refresh", B && q && (m.returnedStale = true)), B ? W.__staleWhileFetching : W.__returned = W;
    }
  }
  forceFetch(t, e = {}) {
    let s = wt.hasSubscribers, { status: i = ke() ? {} : void 0 } = e;
    e.status = i, i && e.context && (i.context = e.context);
    let n = this.#B(t, e);
    return i && s && (i.trace = true, wt.tracePromise(() => n, i).catch(() => {
    })), n;
  }
  async #B(t, e = {}) {
    let s = await this.#q(t, e);
    if (s === void 0) throw new Error("fetch() returned undefined");
    return s;
  }
  memo(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "memo", s.key = t, e.context && (s.context = e.context), s.cache = this);
    let i = this.#Z(t, e);
    return s && (s.value = i), M.hasSubscribers && M.publish(s), i;
  }
  #Z(t, e = {}) {
    let s = this.#u;
    if (!s) throw new Error("no memoMethod provided to constructor");
    let { context: i, status: n, forceRefresh: o, ...h } = e;
    n && o && (n.forceRefresh = true);
    let a = this.#K(t, h), l = o || a === void 0;
    if (n && (n.memo = l ? "miss" : "hit", l || (n.value = a)), !l) return a;
    let c = s(t, a, { options: h, context: i });
    return n && (n.value = c), this.#z(t, c, h), c;
  }
  get(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "get", s.key = t, s.cache = this);
    let i = this.#K(t, e);
    return s && (i !== void 0 && (s.value = i), M.hasSubscribers && M.publish(s)), i;
  }
  #K(t, e = {}) {
    let { allowStale: s = this.allowStale, updateAgeOnGet: i = this.updateAgeOnGet, noDeleteOnStaleGet: n = this.noDeleteOnStaleGet, status: o } = e, h = this.#l.get(t);
    if (h === void 0) {
      o && (o.get = "miss");
      return;
    }
    let a = this.#s[h], l = this.#c(a);
    return o && this.#D(o, h), this.#A(h) ? l ? (o && (o.get = "stale-fetching"), s && a.__staleWhileFetching !== void 0 ? (o && (o.returnedStale = true), a.__staleWhileFetching) : void 0) : (n || this.#j(t, "expire"), o && (o.get = "stale"), s ? (o && (o.returnedStale = true), a) : void 0) : (o && (o.get = l ? "fetching" : "hit"), this.#X(h), i && this.#R(h), l ? a.__staleWhileFetching : a);
  }
  #Y(t, e) {
    this.#E[e] = t, this.#b[t] = e;
  }
  #X(t) {
    t !== this.#g && (t === this.#y ? this.#y = this.#b[t] : this.#Y(this.#E[t], this.#b[t]), this.#Y(this.#g, t), this.#g = t);
  }
  delete(t) {
    return this.#j(t, "delete");
  }
  #j(t, e) {
    M.hasSubscribers && M.publish({ op: "delete", delete: e, key: t, cache: this });
    let s = false;
    if (this.#h !== 0) {
      let i = this.#l.get(t);
      if (i !== void 0) if (this.#v?.[i] && (clearTimeout(this.#v[i]), this.#v[i] = void 0), s = true, this.#h === 1) this.#J(e);
      else {
        this.#P(i);
        let n = this.#s[i];
        if (this.#c(n) ? n.__abortController.abort(new Error("deleted")) : (this.#S || this.#e) && (this.#S && this.#i?.(n, t, e), this.#e && this.#p?.push([n, t, e])), this.#l.delete(t), this.#a[i] = void 0, this.#s[i] = void 0, i === this.#g) this.#g = this.#E[i];
        else if (i === this.#y) this.#y = this.#b[i];
        else {
          let o = this.#E[i];
          this.#b[o] = this.#b[i];
          let h = this.#b[i];
          this.#E[h] = this.#E[i];
        }
        this.#h--, this.#w.push(i);
      }
    }
    if (this.#e && this.#p?.length) {
      let i = this.#p, n;
      for (; n = i?.shift(); ) this.#r?.(...n);
    }
    return s;
  }
  clear() {
    return this.#J("delete");
  }
  #J(t) {
    for (let e of this.#F({ allowStale: true })) {
      let s = this.#s[e];
      if (this.#c(s)) s.__abortController.abort(new Error("deleted"));
      else {
        let i = this.#a[e];
        this.#S && this.#i?.(s, i, t), this.#e && this.#p?.push([s, i, t]);
      }
    }
    if (this.#l.clear(), this.#s.fill(void 0), this.#a.fill(void 0), this.#x && this.#C) {
      this.#x.fill(0), this.#C.fill(0);
      for (let e of this.#v ?? []) e !== void 0 && clearTimeout(e);
      this.#v?.fill(void 0);
    }
    if (this.#k && this.#k.fill(0), this.#y = 0, this.#g = 0, this.#w.length = 0, this.#m = 0, this.#h = 0, this.#e && this.#p) {
      let e = this.#p, s;
      for (; s = e?.shift(); ) this.#r?.(...s);
    }
  }
};
var ms = typeof process == "object" && process ? process : { stdout: null, stderr: null };
var Li = (r7) => !!r7 && typeof r7 == "object" && (r7 instanceof J || r7 instanceof ys || ji(r7) || Wi(r7));
var ji = (r7) => !!r7 && typeof r7 == "object" && r7 instanceof Te && typeof r7.pipe == "function" && r7.pipe !== ys.Writable.prototype.pipe;
var Wi = (r7) => !!r7 && typeof r7 == "object" && r7 instanceof Te && typeof r7.write == "function" && typeof r7.end == "function";
var G = /* @__PURE__ */ Symbol("EOF");
var H = /* @__PURE__ */ Symbol("maybeEmitEnd");
var Y = /* @__PURE__ */ Symbol("emittedEnd");
var Wt = /* @__PURE__ */ Symbol("emittingEnd");
var St = /* @__PURE__ */ Symbol("emittedError");
var $t = /* @__PURE__ */ Symbol("closed");
var gs = /* @__PURE__ */ Symbol("read");
var It = /* @__PURE__ */ Symbol("flush");
var ws = /* @__PURE__ */ Symbol("flushChunk");
var z = /* @__PURE__ */ Symbol("encoding");
var nt = /* @__PURE__ */ Symbol("decoder");
var k = /* @__PURE__ */ Symbol("flowing");
var xt = /* @__PURE__ */ Symbol("paused");
var rt = /* @__PURE__ */ Symbol("resume");
var C = /* @__PURE__ */ Symbol("buffer");
var F = /* @__PURE__ */ Symbol("pipes");
var A = /* @__PURE__ */ Symbol("bufferLength");
var Ce = /* @__PURE__ */ Symbol("bufferPush");
var Bt = /* @__PURE__ */ Symbol("bufferShift");
var R = /* @__PURE__ */ Symbol("objectMode");
var E = /* @__PURE__ */ Symbol("destroyed");
var Ae = /* @__PURE__ */ Symbol("error");
var Me = /* @__PURE__ */ Symbol("emitData");
var bs = /* @__PURE__ */ Symbol("emitEnd");
var Re = /* @__PURE__ */ Symbol("emitEnd2");
var $ = /* @__PURE__ */ Symbol("async");
var Oe = /* @__PURE__ */ Symbol("abort");
var Ut = /* @__PURE__ */ Symbol("aborted");
var vt = /* @__PURE__ */ Symbol("signal");
var Q = /* @__PURE__ */ Symbol("dataListeners");
var _ = /* @__PURE__ */ Symbol("discarded");
var Et = (r7) => Promise.resolve().then(r7);
var $i = (r7) => r7();
var Ii = (r7) => r7 === "end" || r7 === "finish" || r7 === "prefinish";
var Bi = (r7) => r7 instanceof ArrayBuffer || !!r7 && typeof r7 == "object" && r7.constructor && r7.constructor.name === "ArrayBuffer" && r7.byteLength >= 0;
var Ui = (r7) => !Buffer.isBuffer(r7) && ArrayBuffer.isView(r7);
var Gt = class {
  src;
  dest;
  opts;
  ondrain;
  constructor(t, e, s) {
    this.src = t, this.dest = e, this.opts = s, this.ondrain = () => t[rt](), this.dest.on("drain", this.ondrain);
  }
  unpipe() {
    this.dest.removeListener("drain", this.ondrain);
  }
  proxyErrors(t) {
  }
  end() {
    this.unpipe(), this.opts.end && this.dest.end();
  }
};
var Fe = class extends Gt {
  unpipe() {
    this.src.removeListener("error", this.proxyErrors), super.unpipe();
  }
  constructor(t, e, s) {
    super(t, e, s), this.proxyErrors = (i) => this.dest.emit("error", i), t.on("error", this.proxyErrors);
  }
};
var Gi = (r7) => !!r7.objectMode;
var Hi = (r7) => !r7.objectMode && !!r7.encoding && r7.encoding !== "buffer";
var J = class extends Te {
  [k] = false;
  [xt] = false;
  [F] = [];
  [C] = [];
  [R];
  [z];
  [$];
  [nt];
  [G] = false;
  [Y] = false;
  [Wt] = false;
  [$t] = false;
  [St] = null;
  [A] = 0;
  [E] = false;
  [vt];
  [Ut] = false;
  [Q] = 0;
  [_] = false;
  writable = true;
  readable = true;
  constructor(...t) {
    let e = t[0] || {};
    if (super(), e.objectMode && typeof e.encoding == "string") throw new TypeError("Encoding and objectMode may not be used together");
    Gi(e) ? (this[R] = true, this[z] = null) : Hi(e) ? (this[z] = e.encoding, this[R] = false) : (this[R] = false, this[z] = null), this[$] = !!e.async, this[nt] = this[z] ? new zi(this[z]) : null, e && e.debugExposeBuffer === true && Object.defineProperty(this, "buffer", { get: () => this[C] }), e && e.debugExposePipes === true && Object.defineProperty(this, "pipes", { get: () => this[F] });
    let { signal: s } = e;
    s && (this[vt] = s, s.aborted ? this[Oe]() : s.addEventListener("abort", () => this[Oe]()));
  }
  get bufferLength() {
    return this[A];
  }
  get encoding() {
    return this[z];
  }
  set encoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  setEncoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  get objectMode() {
    return this[R];
  }
  set objectMode(t) {
    throw new Error("objectMode must be set at instantiation time");
  }
  get async() {
    return this[$];
  }
  set async(t) {
    this[$] = this[$] || !!t;
  }
  [Oe]() {
    this[Ut] = true, this.emit("abort", this[vt]?.reason), this.destroy(this[vt]?.reason);
  }
  get aborted() {
    return this[Ut];
  }
  set aborted(t) {
  }
  write(t, e, s) {
    if (this[Ut]) return false;
    if (this[G]) throw new Error("write after end");
    if (this[E]) return this.emit("error", Object.assign(new Error("Cannot call write after a stream was destroyed"), { code: "ERR_STREAM_DESTROYED" })), true;
    typeof e == "function" && (s = e, e = "utf8"), e || (e = "utf8");
    let i = this[$] ? Et : $i;
    if (!this[R] && !Buffer.isBuffer(t)) {
      if (Ui(t)) t = Buffer.from(t.buffer, t.byteOffset, t.byteLength);
      else if (Bi(t)) t = Buffer.from(t);
      else if (typeof t != "string") throw new Error("Non-contiguous data written to non-objectMode stream");
    }
    return this[R] ? (this[k] && this[A] !== 0 && this[It](true), this[k] ? this.emit("data", t) : this[Ce](t), this[A] !== 0 && this.emit("readable"), s && i(s), this[k]) : t.length ? (typeof t == "string" && !(e === this[z] && !this[nt]?.lastNeed) && (t = Buffer.from(t, e)), Buffer.isBuffer(t) && this[z] && (t = this[nt].write(t)), this[k] && this[A] !== 0 && this[It](true), this[k] ? this.emit("data", t) : this[Ce](t), this[A] !== 0 && this.emit("readable"), s && i(s), this[k]) : (this[A] !== 0 && this.emit("readable"), s && i(s), this[k]);
  }
  read(t) {
    if (this[E]) return null;
    if (this[_] = false, this[A] === 0 || t === 0 || t && t > this[A]) return this[H](), null;
    this[R] && (t = null), this[C].length > 1 && !this[R] && (this[C] = [this[z] ? this[C].join("") : Buffer.concat(this[C], this[A])]);
    let e = this[gs](t || null, this[C][0]);
    return this[H](), e;
  }
  [gs](t, e) {
    if (this[R]) this[Bt]();
    else {
      let s = e;
      t === s.length || t === null ? this[Bt]() : typeof s == "string" ? (this[C][0] = s.slice(t), e = s.slice(0, t), this[A] -= t) : (this[C][0] = s.subarray(t), e = s.subarray(0, t), this[A] -= t);
    }
    return this.emit("data", e), !this[C].length && !this[G] && this.emit("drain"), e;
  }
  end(t, e, s) {
    return typeof t == "function" && (s = t, t = void 0), typeof e == "function" && (s = e, e = "utf8"), t !== void 0 && this.write(t, e), s && this.once("end", s), this[G] = true, this.writable = false, (this[k] || !this[xt]) && this[H](), this;
  }
  [rt]() {
    this[E] || (!this[Q] && !this[F].length && (this[_] = true), this[xt] = false, this[k] = true, this.emit("resume"), this[C].length ? this[It]() : this[G] ? this[H]() : this.emit("drain"));
  }
  resume() {
    return this[rt]();
  }
  pause() {
    this[k] = false, this[xt] = true, this[_] = false;
  }
  get destroyed() {
    return this[E];
  }
  get flowing() {
    return this[k];
  }
  get paused() {
    return this[xt];
  }
  [Ce](t) {
    this[R] ? this[A] += 1 : this[A] += t.length, this[C].push(t);
  }
  [Bt]() {
    return this[R] ? this[A] -= 1 : this[A] -= this[C][0].length, this[C].shift();
  }
  [It](t = false) {
    do
      ;
    while (this[ws](this[Bt]()) && this[C].length);
    !t && !this[C].length && !this[G] && this.emit("drain");
  }
  [ws](t) {
    return this.emit("data", t), this[k];
  }
  pipe(t, e) {
    if (this[E]) return t;
    this[_] = false;
    let s = this[Y];
    return e = e || {}, t === ms.stdout || t === ms.stderr ? e.end = false : e.end = e.end !== false, e.proxyErrors = !!e.proxyErrors, s ? e.end && t.end() : (this[F].push(e.proxyErrors ? new Fe(this, t, e) : new Gt(this, t, e)), this[$] ? Et(() => this[rt]()) : this[rt]()), t;
  }
  unpipe(t) {
    let e = this[F].find((s) => s.dest === t);
    e && (this[F].length === 1 ? (this[k] && this[Q] === 0 && (this[k] = false), this[F] = []) : this[F].splice(this[F].indexOf(e), 1), e.unpipe());
  }
  addListener(t, e) {
    return this.on(t, e);
  }
  on(t, e) {
    let s = super.on(t, e);
    if (t === "data") this[_] = false, this[Q]++, !this[F].length && !this[k] && this[rt]();
    else if (t === "readable" && this[A] !== 0) super.emit("readable");
    else if (Ii(t) && this[Y]) super.emit(t), this.removeAllListeners(t);
    else if (t === "error" && this[St]) {
      let i = e;
      this[$] ? Et(() => i.call(this, this[St])) : i.call(this, this[St]);
    }
    return s;
  }
  removeListener(t, e) {
    return this.off(t, e);
  }
  off(t, e) {
    let s = super.off(t, e);
    return t === "data" && (this[Q] = this.listeners("data").length, this[Q] === 0 && !this[_] && !this[F].length && (this[k] = false)), s;
  }
  removeAllListeners(t) {
    let e = super.removeAllListeners(t);
    return (t === "data" || t === void 0) && (this[Q] = 0, !this[_] && !this[F].length && (this[k] = false)), e;
  }
  get emittedEnd() {
    return this[Y];
  }
  [H]() {
    !this[Wt] && !this[Y] && !this[E] && this[C].length === 0 && this[G] && (this[Wt] = true, this.emit("end"), this.emit("prefinish"), this.emit("finish"), this[$t] && this.emit("close"), this[Wt] = false);
  }
  emit(t, ...e) {
    let s = e[0];
    if (t !== "error" && t !== "close" && t !== E && this[E]) return false;
    if (t === "data") return !this[R] && !s ? false : this[$] ? (Et(() => this[Me](s)), true) : this[Me](s);
    if (t === "end") return this[bs]();
    if (t === "close") {
      if (this[$t] = true, !this[Y] && !this[E]) return false;
      let n = super.emit("close");
      return this.removeAllListeners("close"), n;
    } else if (t === "error") {
      this[St] = s, super.emit(Ae, s);
      let n = !this[vt] || this.listeners("error").length ? super.emit("error", s) : false;
      return this[H](), n;
    } else if (t === "resume") {
      let n = super.emit("resume");
      return this[H](), n;
    } else if (t === "finish" || t === "prefinish") {
      let n = super.emit(t);
      return this.removeAllListeners(t), n;
    }
    let i = super.emit(t, ...e);
    return this[H](), i;
  }
  [Me](t) {
    for (let s of this[F]) s.dest.write(t) === false && this.pause();
    let e = this[_] ? false : super.emit("data", t);
    return this[H](), e;
  }
  [bs]() {
    return this[Y] ? false : (this[Y] = true, this.readable = false, this[$] ? (Et(() => this[Re]()), true) : this[Re]());
  }
  [Re]() {
    if (this[nt]) {
      let e = this[nt].end();
      if (e) {
        for (let s of this[F]) s.dest.write(e);
        this[_] || super.emit("data", e);
      }
    }
    for (let e of this[F]) e.end();
    let t = super.emit("end");
    return this.removeAllListeners("end"), t;
  }
  async collect() {
    let t = Object.assign([], { dataLength: 0 });
    this[R] || (t.dataLength = 0);
    let e = this.promise();
    return this.on("data", (s) => {
      t.push(s), this[R] || (t.dataLength += s.length);
    }), await e, t;
  }
  async concat() {
    if (this[R]) throw new Error("cannot concat in objectMode");
    let t = await this.collect();
    return this[z] ? t.join("") : Buffer.concat(t, t.dataLength);
  }
  async promise() {
    return new Promise((t, e) => {
      this.on(E, () => e(new Error("stream destroyed"))), this.on("error", (s) => e(s)), this.on("end", () => t());
    });
  }
  [Symbol.asyncIterator]() {
    this[_] = false;
    let t = false, e = async () => (this.pause(), t = true, { value: void 0, done: true });
    return { next: () => {
      if (t) return e();
      let i = this.read();
      if (i !== null) return Promise.resolve({ done: false, value: i });
      if (this[G]) return e();
      let n, o, h = (f) => {
        this.off("data", a), this.off("end", l), this.off(E, c), e(), o(f);
      }, a = (f) => {
        this.off("error", h), this.off("end", l), this.off(E, c), this.pause(), n({ value: f, done: !!this[G] });
      }, l = () => {
        this.off("error", h), this.off("data", a), this.off(E, c), e(), n({ done: true, value: void 0 });
      }, c = () => h(new Error("stream destroyed"));
      return new Promise((f, u) => {
        o = u, n = f, this.once(E, c), this.once("error", h), this.once("end", l), this.once("data", a);
      });
    }, throw: e, return: e, [Symbol.asyncIterator]() {
      return this;
    }, [Symbol.asyncDispose]: async () => {
    } };
  }
  [Symbol.iterator]() {
    this[_] = false;
    let t = false, e = () => (this.pause(), this.off(Ae, e), this.off(E, e), this.off("end", e), t = true, { done: true, value: void 0 }), s = () => {
      if (t) return e();
      let i = this.read();
      return i === null ? e() : { done: false, value: i };
    };
    return this.once("end", e), this.once(Ae, e), this.once(E, e), { next: s, throw: e, return: e, [Symbol.iterator]() {
      return this;
    }, [Symbol.dispose]: () => {
    } };
  }
  destroy(t) {
    if (this[E]) return t ? this.emit("error", t) : this.emit(E), this;
    this[E] = true, this[_] = true, this[C].length = 0, this[A] = 0;
    let e = this;
    return typeof e.close == "function" && !this[$t] && e.close(), t ? this.emit("error", t) : this.emit(E), this;
  }
  static get isStream() {
    return Li;
  }
};
var tn = Zi.native;
var Ct = { lstatSync: Xi, readdir: Vi, readdirSync: Yi, readlinkSync: Ji, realpathSync: tn, promises: { lstat: en, readdir: sn, readlink: nn, realpath: rn } };
var Cs = (r7) => !r7 || r7 === Ct || r7 === Qi ? Ct : { ...Ct, ...r7, promises: { ...Ct.promises, ...r7.promises } };
var on = /^\\\\\?\\([a-z]:)\\?$/i;
var hn = /^\\\\\?\\UNC\\([^\\]+\\[^\\]+)\\?$/i;
var an = /^\\\\[^\\?]+\\[^\\]+$/;
var Ss = (r7) => r7.replace(/\//g, "\\").replace(on, "$1\\").replace(hn, "\\\\$1\\").replace(an, "$&\\");
var ln = /^[\\/]{2}\?[\\/]unc[\\/][^\\/]+[\\/][^\\/]+(?:[\\/]|$)/i;
var cn = /^[\\/]{2}\?[\\/](?=[a-z]:)/i;
var fn = /^[\\/]{2}\?[\\/]unc(?=[\\/][^\\/]+[\\/][^\\/])/i;
var un = /[\\/]/;
var P = 0;
var As = 1;
var Ms = 2;
var I = 4;
var Rs = 6;
var Os = 8;
var tt = 10;
var Fs = 12;
var N = 15;
var kt = ~N;
var _e = 16;
var xs = 32;
var At = 64;
var L = 128;
var Ht = 256;
var Kt = 512;
var vs = At | L | Kt;
var dn = 1023;
var De = (r7) => r7.isFile() ? Os : r7.isDirectory() ? I : r7.isSymbolicLink() ? tt : r7.isCharacterDevice() ? Ms : r7.isBlockDevice() ? Rs : r7.isSocket() ? Fs : r7.isFIFO() ? As : P;
var Es = new yt({ max: 2 ** 12 });
var Mt = (r7) => {
  let t = Es.get(r7);
  if (t) return t;
  let e = r7.normalize("NFKD");
  return Es.set(r7, e), e;
};
var ks = new yt({ max: 2 ** 12 });
var qt = (r7) => {
  let t = ks.get(r7);
  if (t) return t;
  let e = Mt(r7.toLowerCase());
  return ks.set(r7, e), e;
};
var Xt = class extends yt {
  constructor() {
    super({ max: 256 });
  }
};
var Pe = class extends yt {
  constructor(t = 16 * 1024) {
    super({ maxSize: t, sizeCalculation: (e) => e.length + 1 });
  }
};
var Ts = /* @__PURE__ */ Symbol("PathScurry setAsCwd");
var O = class {
  name;
  root;
  roots;
  parent;
  nocase;
  isCWD = false;
  #t;
  #n;
  get dev() {
    return this.#n;
  }
  #i;
  get mode() {
    return this.#i;
  }
  #o;
  get nlink() {
    return this.#o;
  }
  #r;
  get uid() {
    return this.#r;
  }
  #d;
  get gid() {
    return this.#d;
  }
  #u;
  get rdev() {
    return this.#u;
  }
  #f;
  get blksize() {
    return this.#f;
  }
  #h;
  get ino() {
    return this.#h;
  }
  #m;
  get size() {
    return this.#m;
  }
  #l;
  get blocks() {
    return this.#l;
  }
  #a;
  get atimeMs() {
    return this.#a;
  }
  #s;
  get mtimeMs() {
    return this.#s;
  }
  #b;
  get ctimeMs() {
    return this.#b;
  }
  #E;
  get birthtimeMs() {
    return this.#E;
  }
  #y;
  get atime() {
    return this.#y;
  }
  #g;
  get mtime() {
    return this.#g;
  }
  #w;
  get ctime() {
    return this.#w;
  }
  #p;
  get birthtime() {
    return this.#p;
  }
  #k;
  #C;
  #x;
  #v;
  #S;
  #M;
  #e;
  #T;
  #_;
  #R;
  get parentPath() {
    return (this.parent || this).fullpath();
  }
  get path() {
    return this.parentPath;
  }
  constructor(t, e = P, s, i, n, o, h) {
    this.name = t, this.#k = n ? qt(t) : Mt(t), this.#e = e & dn, this.nocase = n, this.roots = i, this.root = s || this, this.#T = o, this.#x = h.fullpath, this.#S = h.relative, this.#M = h.relativePosix, this.parent = h.parent, this.parent ? this.#t = this.parent.#t : this.#t = Cs(h.fs);
  }
  get fs() {
    return this.#t;
  }
  depth() {
    return this.#C !== void 0 ? this.#C : this.parent ? this.#C = this.parent.depth() + 1 : this.#C = 0;
  }
  childrenCache() {
    return this.#T;
  }
  resolve(t) {
    if (!t) return this;
    let e = this.getRootString(t), i = t.substring(e.length).split(this.splitSep);
    return e ? this.getRoot(e).#D(i) : this.#D(i);
  }
  #D(t) {
    let e = this;
    for (let s of t) e = e.child(s);
    return e;
  }
  children() {
    let t = this.#T.get(this);
    if (t) return t;
    let e = Object.assign([], { provisional: 0 });
    return this.#T.set(this, e), this.#e &= ~_e, e;
  }
  child(t, e) {
    if (t === "" || t === ".") return this;
    if (t === "..") return this.parent || this;
    let s = this.children(), i = this.nocase ? qt(t) : Mt(t);
    for (let a of s) if (a.#k === i) return a;
    let n = this.parent ? this.sep : "", o = this.#x ? this.#x + n + t : void 0, h = this.newChild(t, P, { ...e, parent: this, fullpath: o });
    return this.canReaddir() || (h.#e |= L), s.push(h), h;
  }
  relative() {
    if (this.isCWD) return "";
    if (this.#S !== void 0) return this.#S;
    let t = this.name, e = this.parent;
    if (!e) return this.#S = this.name;
    let s = e.relative();
    return s + (!s || !e.parent ? "" : this.sep) + t;
  }
  relativePosix() {
    if (this.sep === "/") return this.relative();
    if (this.isCWD) return "";
    if (this.#M !== void 0) return this.#M;
    let t = this.name, e = this.parent;
    if (!e) return this.#M = this.fullpathPosix();
    let s = e.relativePosix();
    return s + (!s || !e.parent ? "" : "/") + t;
  }
  fullpath() {
    if (this.#x !== void 0) return this.#x;
    let t = this.name, e = this.parent;
    if (!e) return this.#x = this.name;
    let i = e.fullpath() + (e.parent ? this.sep : "") + t;
    return this.#x = i;
  }
  fullpathPosix() {
    if (this.#v !== void 0) return this.#v;
    if (this.sep === "/") return this.#v = this.fullpath();
    if (!this.parent) {
      let i = this.fullpath().replace(/\\/g, "/");
      return /^[a-z]:\//i.test(i) ? this.#v = `//?/${i}` : this.#v = i;
    }
    let t = this.parent, e = t.fullpathPosix(), s = e + (!e || !t.parent ? "" : "/") + this.name;
    return this.#v = s;
  }
  isUnknown() {
    return (this.#e & N) === P;
  }
  isType(t) {
    return this[`is${t}`]();
  }
  getType() {
    return this.isUnknown() ? "Unknown" : this.isDirectory() ? "Directory" : this.isFile() ? "File" : this.isSymbolicLink() ? "SymbolicLink" : this.isFIFO() ? "FIFO" : this.isCharacterDevice() ? "CharacterDevice" : this.isBlockDevice() ? "BlockDevice" : this.isSocket() ? "Socket" : "Unknown";
  }
  isFile() {
    return (this.#e & N) === Os;
  }
  isDirectory() {
    return (this.#e & N) === I;
  }
  isCharacterDevice() {
    return (this.#e & N) === Ms;
  }
  isBlockDevice() {
    return (this.#e & N) === Rs;
  }
  isFIFO() {
    return (this.#e & N) === As;
  }
  isSocket() {
    return (this.#e & N) === Fs;
  }
  isSymbolicLink() {
    return (this.#e & tt) === tt;
  }
  lstatCached() {
    return this.#e & xs ? this : void 0;
  }
  readlinkCached() {
    return this.#_;
  }
  realpathCached() {
    return this.#R;
  }
  readdirCached() {
    let t = this.children();
    return t.slice(0, t.provisional);
  }
  canReadlink() {
    if (this.#_) return true;
    if (!this.parent) return false;
    let t = this.#e & N;
    return !(t !== P && t !== tt || this.#e & Ht || this.#e & L);
  }
  calledReaddir() {
    return !!(this.#e & _e);
  }
  isENOENT() {
    return !!(this.#e & L);
  }
  isNamed(t) {
    return this.nocase ? this.#k === qt(t) : this.#k === Mt(t);
  }
  async readlink() {
    let t = this.#_;
    if (t) return t;
    if (this.canReadlink() && this.parent) try {
      let e = await this.#t.promises.readlink(this.fullpath()), s = (await this.parent.realpath())?.resolve(e);
      if (s) return this.#_ = s;
    } catch (e) {
      this.#F(e.code);
      return;
    }
  }
  readlinkSync() {
    let t = this.#_;
    if (t) return t;
    if (this.canReadlink() && this.parent) try {
      let e = this.#t.readlinkSync(this.fullpath()), s = this.parent.realpathSync()?.resolve(e);
      if (s) return this.#_ = s;
    } catch (e) {
      this.#F(e.code);
      return;
    }
  }
  #W(t) {
    this.#e |= _e;
    for (let e = t.provisional; e < t.length; e++) {
      let s = t[e];
      s && s.#A();
    }
  }
  #A() {
    this.#e & L || (this.#e = (this.#e | L) & kt, this.#G());
  }
  #G() {
    let t = this.children();
    t.provisional = 0;
    for (let e of t) e.#A();
  }
  #P() {
    this.#e |= Kt, this.#N();
  }
  #N() {
    if (this.#e & At) return;
    let t = this.#e;
    (t & N) === I && (t &= kt), this.#e = t | At, this.#G();
  }
  #$(t = "") {
    t === "ENOTDIR" || t === "EPERM" ? this.#N() : t === "ENOENT" ? this.#A() : this.children().provisional = 0;
  }
  #O(t = "") {
    t === "ENOTDIR" ? this.parent.#N() : t === "ENOENT" && this.#A();
  }
  #F(t = "") {
    let e = this.#e;
    e |= Ht, t === "ENOENT" && (e |= L), (t === "EINVAL" || t === "UNKNOWN") && (e &= kt), this.#e = e, t === "ENOTDIR" && this.parent && this.parent.#N();
  }
  #I(t, e) {
    return this.#U(t, e) || this.#z(t, e);
  }
  #z(t, e) {
    let s = De(t), i = this.newChild(t.name, s, { parent: this }), n = i.#e & N;
    return n !== I && n !== tt && n !== P && (i.#e |= At), e.unshift(i), e.provisional++, i;
  }
  #U(t, e) {
    for (let s = e.provisional; s < e.length; s++) {
      let i = e[s];
      if ((this.nocase ? qt(t.name) : Mt(t.name)) === i.#k) return this.#V(t, i, s, e);
    }
  }
  #V(t, e, s, i) {
    let n = e.name;
    return e.#e = e.#e & kt | De(t), n !== t.name && (e.name = t.name), s !== i.provisional && (s === i.length - 1 ? i.pop() : i.splice(s, 1), i.unshift(e)), i.provisional++, e;
  }
  async lstat() {
    if ((this.#e & L) === 0) try {
      return this.#H(await this.#t.promises.lstat(this.fullpath())), this;
    } catch (t) {
      this.#O(t.code);
    }
  }
  lstatSync() {
    if ((this.#e & L) === 0) try {
      return this.#H(this.#t.lstatSync(this.fullpath())), this;
    } catch (t) {
      this.#O(t.code);
    }
  }
  #H(t) {
    let { atime: e, atimeMs: s, birthtime: i, birthtimeMs: n, blksize: o, blocks: h, ctime: a, ctimeMs: l, dev: c, gid: f, ino: u, mode: p, mtime: g, mtimeMs: d, nlink: w, rdev: m, size: b, uid: x } = t;
    this.#y = e, this.#a = s, this.#p = i, this.#E = n, this.#f = o, this.#l = h, this.#w = a, this.#b = l, this.#n = c, this.#d = f, this.#h = u, this.#i = p, this.#g = g, this.#s = d, this.#o = w, this.#u = m, this.#m = b, this.#r = x;
    let S = De(t);
    this.#e = this.#e & kt | S | xs, S !== P && S !== I && S !== tt && (this.#e |= At);
  }
  #L = [];
  #c = false;
  #q(t) {
    this.#c = false;
    let e = this.#L.slice();
    this.#L.length = 0, e.forEach((s) => s(null, t));
  }
  readdirCB(t, e = false) {
    if (!this.canReaddir()) {
      e ? t(null, []) : queueMicrotask(() => t(null, []));
      return;
    }
    let s = this.children();
    if (this.calledReaddir()) {
      let n = s.slice(0, s.provisional);
      e ? t(null, n) : queueMicrotask(() => t(null, n));
      return;
    }
    if (this.#L.push(t), this.#c) return;
    this.#c = true;
    let i = this.fullpath();
    this.#t.readdir(i, { withFileTypes: true }, (n, o) => {
      if (n) this.#$(n.code), s.provisional = 0;
      else {
        for (let h of o) this.#I(h, s);
        this.#W(s);
      }
      this.#q(s.slice(0, s.provisional));
    });
  }
  #B;
  async readdir() {
    if (!this.canReaddir()) return [];
    let t = this.children();
    if (this.calledReaddir()) return t.slice(0, t.provisional);
    let e = this.fullpath();
    if (this.#B) await this.#B;
    else {
      let s = () => {
      };
      this.#B = new Promise((i) => s = i);
      try {
        for (let i of await this.#t.promises.readdir(e, { withFileTypes: true })) this.#I(i, t);
        this.#W(t);
      } catch (i) {
        this.#$(i.code), t.provisional = 0;
      }
      this.#B = void 0, s();
    }
    return t.slice(0, t.provisional);
  }
  readdirSync() {
    if (!this.canReaddir()) return [];
    let t = this.children();
    if (this.calledReaddir()) return t.slice(0, t.provisional);
    let e = this.fullpath();
    try {
      for (let s of this.#t.readdirSync(e, { withFileTypes: true })) this.#I(s, t);
      this.#W(t);
    } catch (s) {
      this.#$(s.code), t.provisional = 0;
    }
    return t.slice(0, t.provisional);
  }
  canReaddir() {
    if (this.#e & vs) return false;
    let t = N & this.#e;
    return t === P || t === I || t === tt;
  }
  shouldWalk(t, e) {
    return (this.#e & I) === I && !(this.#e & vs) && !t.has(this) && (!e || e(this));
  }
  async realpath() {
    if (this.#R) return this.#R;
    if (!((Kt | Ht | L) & this.#e)) try {
      let t = await this.#t.promises.realpath(this.fullpath());
      return this.#R = this.resolve(t);
    } catch {
      this.#P();
    }
  }
  realpathSync() {
    if (this.#R) return this.#R;
    if (!((Kt | Ht | L) & this.#e)) try {
      let t = this.#t.realpathSync(this.fullpath());
      return this.#R = this.resolve(t);
    } catch {
      this.#P();
    }
  }
  [Ts](t) {
    if (t === this) return;
    t.isCWD = false, this.isCWD = true;
    let e = /* @__PURE__ */ new Set([]), s = [], i = this;
    for (; i && i.parent; ) e.add(i), i.#S = s.join(this.sep), i.#M = s.join("/"), i = i.parent, s.push("..");
    for (i = t; i && i.parent && !e.has(i); ) i.#S = void 0, i.#M = void 0, i = i.parent;
  }
};
var Vt = class r extends O {
  sep = "\\";
  splitSep = un;
  constructor(t, e = P, s, i, n, o, h) {
    super(t, e, s, i, n, o, h);
  }
  newChild(t, e = P, s = {}) {
    return new r(t, e, this.root, this.roots, this.nocase, this.childrenCache(), s);
  }
  getRootString(t) {
    return ln.exec(t)?.[0] ?? Ne.parse(t).root;
  }
  getRoot(t) {
    if (t = Ss(t.toUpperCase()), t === this.root.name || /^[\\/]$/.test(t)) return this.root;
    for (let [e, s] of Object.entries(this.roots)) if (this.sameRoot(t, e)) return this.roots[t] = s;
    return this.roots[t] = new ot(t, { nocase: this.nocase, fs: this.fs }).root;
  }
  sameRoot(t, e = this.root.name) {
    return Ss(t.toUpperCase()) === e;
  }
};
var Yt = class r2 extends O {
  splitSep = "/";
  sep = "/";
  constructor(t, e = P, s, i, n, o, h) {
    super(t, e, s, i, n, o, h);
  }
  getRootString(t) {
    return t.startsWith("/") ? "/" : "";
  }
  getRoot(t) {
    return this.root;
  }
  newChild(t, e = P, s = {}) {
    return new r2(t, e, this.root, this.roots, this.nocase, this.childrenCache(), s);
  }
};
var Jt = class {
  root;
  rootPath;
  roots;
  cwd;
  #t;
  #n;
  #i;
  nocase;
  #o;
  constructor(t = process.cwd(), e, s, { nocase: i, childrenCacheSize: n = 16 * 1024, fs: o = Ct } = {}) {
    this.#o = Cs(o), (t instanceof URL || t.startsWith("file://")) && (t = Ki(t));
    let h = e.resolve(t);
    this.roots = /* @__PURE__ */ Object.create(null), this.rootPath = this.parseRootPath(h), this.#t = new Xt(), this.#n = new Xt(), this.#i = new Pe(n);
    let a = h.substring(this.rootPath.length).split(s);
    if (a.length === 1 && !a[0] && a.pop(), i === void 0) throw new TypeError("must provide nocase setting to PathScurryBase ctor");
    this.nocase = i, this.root = this.newRoot(this.#o), this.roots[this.rootPath] = this.root;
    let l = this.root, c = a.length - 1, f = e.sep, u = this.rootPath, p = false;
    for (let g of a) {
      let d = c--;
      l = l.child(g, { relative: new Array(d).fill("..").join(f), relativePosix: new Array(d).fill("..").join("/"), fullpath: u += (p ? "" : f) + g }), p = true;
    }
    this.cwd = l;
  }
  depth(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.depth();
  }
  childrenCache() {
    return this.#i;
  }
  resolve(...t) {
    let e = "";
    for (let n = t.length - 1; n >= 0; n--) {
      let o = t[n];
      if (!(!o || o === ".") && (e = e ? `${o}/${e}` : o, this.isAbsolute(o))) break;
    }
    let s = this.#t.get(e);
    if (s !== void 0) return s;
    let i = this.cwd.resolve(e).fullpath();
    return this.#t.set(e, i), i;
  }
  resolvePosix(...t) {
    let e = "";
    for (let n = t.length - 1; n >= 0; n--) {
      let o = t[n];
      if (!(!o || o === ".") && (e = e ? `${o}/${e}` : o, this.isAbsolute(o))) break;
    }
    let s = this.#n.get(e);
    if (s !== void 0) return s;
    let i = this.cwd.resolve(e).fullpathPosix();
    return this.#n.set(e, i), i;
  }
  relative(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.relative();
  }
  relativePosix(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.relativePosix();
  }
  basename(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.name;
  }
  dirname(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), (t.parent || t).fullpath();
  }
  async readdir(t = this.cwd, e = { withFileTypes: true }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s } = e;
    if (t.canReaddir()) {
      let i = await t.readdir();
      return s ? i : i.map((n) => n.name);
    } else return [];
  }
  readdirSync(t = this.cwd, e = { withFileTypes: true }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true } = e;
    return t.canReaddir() ? s ? t.readdirSync() : t.readdirSync().map((i) => i.name) : [];
  }
  async lstat(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.lstat();
  }
  lstatSync(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.lstatSync();
  }
  async readlink(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = await t.readlink();
    return e ? s : s?.fullpath();
  }
  readlinkSync(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = t.readlinkSync();
    return e ? s : s?.fullpath();
  }
  async realpath(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = await t.realpath();
    return e ? s : s?.fullpath();
  }
  realpathSync(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = t.realpathSync();
    return e ? s : s?.fullpath();
  }
  async walk(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = [];
    (!n || n(t)) && h.push(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set(), l = (f, u) => {
      a.add(f), f.readdirCB((p, g) => {
        if (p) return u(p);
        let d = g.length;
        if (!d) return u();
        let w = () => {
          --d === 0 && u();
        };
        for (let m of g) (!n || n(m)) && h.push(s ? m : m.fullpath()), i && m.isSymbolicLink() ? m.realpath().then((b) => b?.isUnknown() ? b.lstat() : b).then((b) => b?.shouldWalk(a, o) ? l(b, w) : w()) : m.shouldWalk(a, o) ? l(m, w) : w();
      }, true);
    }, c = t;
    return new Promise((f, u) => {
      l(c, (p) => {
        if (p) return u(p);
        f(h);
      });
    });
  }
  walkSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = [];
    (!n || n(t)) && h.push(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set([t]);
    for (let l of a) {
      let c = l.readdirSync();
      for (let f of c) {
        (!n || n(f)) && h.push(s ? f : f.fullpath());
        let u = f;
        if (f.isSymbolicLink()) {
          if (!(i && (u = f.realpathSync()))) continue;
          u.isUnknown() && u.lstatSync();
        }
        u.shouldWalk(a, o) && a.add(u);
      }
    }
    return h;
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
  iterate(t = this.cwd, e = {}) {
    return typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd), this.stream(t, e)[Symbol.asyncIterator]();
  }
  [Symbol.iterator]() {
    return this.iterateSync();
  }
  *iterateSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e;
    (!n || n(t)) && (yield s ? t : t.fullpath());
    let h = /* @__PURE__ */ new Set([t]);
    for (let a of h) {
      let l = a.readdirSync();
      for (let c of l) {
        (!n || n(c)) && (yield s ? c : c.fullpath());
        let f = c;
        if (c.isSymbolicLink()) {
          if (!(i && (f = c.realpathSync()))) continue;
          f.isUnknown() && f.lstatSync();
        }
        f.shouldWalk(h, o) && h.add(f);
      }
    }
  }
  stream(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = new J({ objectMode: true });
    (!n || n(t)) && h.write(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set(), l = [t], c = 0, f = () => {
      let u = false;
      for (; !u; ) {
        let p = l.shift();
        if (!p) {
          c === 0 && h.end();
          return;
        }
        c++, a.add(p);
        let g = (w, m, b = false) => {
          if (w) return h.emit("error", w);
          if (i && !b) {
            let x = [];
            for (let S of m) S.isSymbolicLink() && x.push(S.realpath().then((y) => y?.isUnknown() ? y.lstat() : y));
            if (x.length) {
              Promise.all(x).then(() => g(null, m, true));
              return;
            }
          }
          for (let x of m) x && (!n || n(x)) && (h.write(s ? x : x.fullpath()) || (u = true));
          c--;
          for (let x of m) {
            let S = x.realpathCached() || x;
            S.shouldWalk(a, o) && l.push(S);
          }
          u && !h.flowing ? h.once("drain", f) : d || f();
        }, d = true;
        p.readdirCB(g, true), d = false;
      }
    };
    return f(), h;
  }
  streamSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = new J({ objectMode: true }), a = /* @__PURE__ */ new Set();
    (!n || n(t)) && h.write(s ? t : t.fullpath());
    let l = [t], c = 0, f = () => {
      let u = false;
      for (; !u; ) {
        let p = l.shift();
        if (!p) {
          c === 0 && h.end();
          return;
        }
        c++, a.add(p);
        let g = p.readdirSync();
        for (let d of g) (!n || n(d)) && (h.write(s ? d : d.fullpath()) || (u = true));
        c--;
        for (let d of g) {
          let w = d;
          if (d.isSymbolicLink()) {
            if (!(i && (w = d.realpathSync()))) continue;
            w.isUnknown() && w.lstatSync();
          }
          w.shouldWalk(a, o) && l.push(w);
        }
      }
      u && !h.flowing && h.once("drain", f);
    };
    return f(), h;
  }
  chdir(t = this.cwd) {
    let e = this.cwd;
    this.cwd = typeof t == "string" ? this.cwd.resolve(t) : t, this.cwd[Ts](e);
  }
};
var ot = class extends Jt {
  sep = "\\";
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = true } = e;
    typeof t == "string" && !t.startsWith("file://") && (t = t.replace(cn, "").replace(fn, "\\")), super(t, Ne, "\\", { ...e, nocase: s }), this.nocase = s;
    for (let i = this.cwd; i; i = i.parent) i.nocase = this.nocase;
  }
  parseRootPath(t) {
    return Ne.parse(t).root.toUpperCase();
  }
  newRoot(t) {
    return new Vt(this.rootPath, I, void 0, this.roots, this.nocase, this.childrenCache(), { fs: t });
  }
  isAbsolute(t) {
    return t.startsWith("/") || t.startsWith("\\") || /^[a-z]:(\/|\\)/i.test(t);
  }
};
var ht = class extends Jt {
  sep = "/";
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = false } = e;
    super(t, qi, "/", { ...e, nocase: s }), this.nocase = s;
  }
  parseRootPath(t) {
    return "/";
  }
  newRoot(t) {
    return new Yt(this.rootPath, I, void 0, this.roots, this.nocase, this.childrenCache(), { fs: t });
  }
  isAbsolute(t) {
    return t.startsWith("/");
  }
};
var Rt = class extends ht {
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = true } = e;
    super(t, { ...e, nocase: s });
  }
};
var rr = process.platform === "win32" ? Vt : Yt;
var _s = process.platform === "win32" ? ot : process.platform === "darwin" ? Rt : ht;
var pn = (r7) => r7.length >= 1;
var mn = (r7) => r7.length >= 1;
var gn = /* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom");
var at = class r3 {
  #t;
  #n;
  #i;
  length;
  #o;
  #r;
  #d;
  #u;
  #f;
  #h;
  #m = true;
  constructor(t, e, s, i) {
    if (!pn(t)) throw new TypeError("empty pattern list");
    if (!mn(e)) throw new TypeError("empty glob list");
    if (e.length !== t.length) throw new TypeError("mismatched pattern list and glob list lengths");
    if (this.length = t.length, s < 0 || s >= this.length) throw new TypeError("index out of range");
    if (this.#t = t, this.#n = e, this.#i = s, this.#o = i, this.#i === 0) {
      if (this.isUNC()) {
        let n = this.#l() ? 6 : 4, o = this.#t.slice(0, n), h = this.#n.slice(0, n), a = this.#t.slice(n), l = this.#n.slice(n);
        a[0] === "" && (a.shift(), l.shift());
        let c = [...o, ""].join("/"), f = [...h, ""].join("/");
        this.#t = [c, ...a], this.#n = [f, ...l], this.length = this.#t.length;
      } else if (this.isDrive() || this.isAbsolute()) {
        let [n, ...o] = this.#t, [h, ...a] = this.#n;
        o[0] === "" && (o.shift(), a.shift());
        let l = `${n}/`, c = `${h}/`;
        this.#t = [l, ...o], this.#n = [c, ...a], this.length = this.#t.length;
      }
    }
  }
  [gn]() {
    return `Pattern <${this.#n.slice(this.#i).join("/")}>`;
  }
  pattern() {
    return this.#t[this.#i];
  }
  isString() {
    return typeof this.#t[this.#i] == "string";
  }
  isGlobstar() {
    return this.#t[this.#i] === v;
  }
  isMatcher() {
    return typeof this.#t[this.#i] == "object";
  }
  globString() {
    return this.#d = this.#d || (this.#i === 0 ? this.isAbsolute() ? this.#n[0] + this.#n.slice(1).join("/") : this.#n.join("/") : this.#n.slice(this.#i).join("/"));
  }
  hasMore() {
    return this.length > this.#i + 1;
  }
  rest() {
    return this.#r !== void 0 ? this.#r : this.hasMore() ? (this.#r = new r3(this.#t, this.#n, this.#i + 1, this.#o), this.#r.#h = this.#h, this.#r.#f = this.#f, this.#r.#u = this.#u, this.#r) : this.#r = null;
  }
  #l() {
    let t = this.#t;
    return t[2] === "?" && typeof t[3] == "string" && /^unc$/i.test(t[3]);
  }
  isUNC() {
    let t = this.#t, e = this.#l() ? 4 : 2;
    return this.#f !== void 0 ? this.#f : this.#f = this.#o === "win32" && this.#i === 0 && t[0] === "" && t[1] === "" && typeof t[e] == "string" && !!t[e] && typeof t[e + 1] == "string" && !!t[e + 1];
  }
  isDrive() {
    let t = this.#t;
    return this.#u !== void 0 ? this.#u : this.#u = this.#o === "win32" && this.#i === 0 && this.length > 1 && typeof t[0] == "string" && /^[a-z]:$/i.test(t[0]);
  }
  isAbsolute() {
    let t = this.#t;
    return this.#h !== void 0 ? this.#h : this.#h = t[0] === "" && t.length > 1 || this.isDrive() || this.isUNC();
  }
  root() {
    let t = this.#t[0];
    return typeof t == "string" && this.isAbsolute() && this.#i === 0 ? t : "";
  }
  checkFollowGlobstar() {
    return !(this.#i === 0 || !this.isGlobstar() || !this.#m);
  }
  markFollowGlobstar() {
    return this.#i === 0 || !this.isGlobstar() || !this.#m ? false : (this.#m = false, true);
  }
};
var wn = typeof process == "object" && process && typeof process.platform == "string" ? process.platform : "linux";
var lt = class {
  relative;
  relativeChildren;
  absolute;
  absoluteChildren;
  platform;
  mmopts;
  slashRoot;
  constructor(t, { nobrace: e, nocase: s, noext: i, noglobstar: n, normalize: o, platform: h = wn, root: a, windowsPathsNoEscape: l, allowWindowsEscape: c, braceExpandMax: f = 1e4 }, u) {
    this.relative = [], this.absolute = [], this.relativeChildren = [], this.absoluteChildren = [], this.platform = h, l = !!l || c === false, this.mmopts = { braceExpandMax: f, dot: true, nobrace: e, nocase: s, noext: i, noglobstar: n, normalize: o, optimizationLevel: 2, platform: h, nocomment: true, nonegate: true, windowsPathsNoEscape: l };
    let p = u?.resolve(a ?? "/").fullpath() ?? "/";
    this.slashRoot = K(p.replace(/\\/g, "/").replace(/\/$/, ""), { magicalBraces: true, windowsPathsNoEscape: l });
    for (let g of t) this.add(g);
  }
  add(t) {
    let e = new D(t, this.mmopts);
    for (let s = 0; s < e.set.length; s++) {
      let i = e.set[s], n = e.globParts[s];
      if (!i || !n) throw new Error("invalid pattern object");
      for (; i[0] === "." && n[0] === "."; ) i.shift(), n.shift();
      let o = new at(i, n, 0, this.platform), h = o.root() === "/" ? `${this.slashRoot}/${o.rest()?.globString() ?? ""}` : o.globString(), a = new D(h, this.mmopts), l = n[n.length - 1] === "**", c = o.isAbsolute();
      c ? this.absolute.push(a) : this.relative.push(a), l && (c ? this.absoluteChildren.push(a) : this.relativeChildren.push(a));
    }
  }
  ignored(t) {
    let e = t.fullpath(), s = `${e}/`, i = t.relative() || ".", n = `${i}/`;
    for (let o of this.relative) if (o.match(i) || o.match(n)) return true;
    for (let o of this.absolute) if (o.match(e) || o.match(s)) return true;
    return false;
  }
  childrenIgnored(t) {
    let e = `${t.fullpath()}/`, s = `${t.relative() || "."}/`;
    for (let i of this.relativeChildren) if (i.match(s)) return true;
    for (let i of this.absoluteChildren) if (i.match(e)) return true;
    return false;
  }
};
var ze = class r4 {
  parent;
  store;
  constructor(t) {
    this.parent = t;
  }
  copy() {
    return new r4(this);
  }
  #t(t) {
    let e = this.store?.get(t);
    return e || !this.parent ? e : this.parent.#t(t);
  }
  hasWalked(t, e) {
    return !!this.#t(t.fullpath())?.has(e.globString());
  }
  storeWalked(t, e) {
    let s = t.fullpath(), i = this.#t(s);
    i ? i.add(e.globString()) : (this.store ??= /* @__PURE__ */ new Map()).set(s, /* @__PURE__ */ new Set([e.globString()]));
  }
};
var Ot = class r5 {
  static ABSOLUTE = 2;
  static IF_DIR = 1;
  store = /* @__PURE__ */ new Map();
  add(t, e, s) {
    let i = (e ? r5.ABSOLUTE : 0) | (s ? r5.IF_DIR : 0), n = this.store.get(t);
    this.store.set(t, n === void 0 ? i : i & n);
  }
};
var Le = class {
  store = /* @__PURE__ */ new Map();
  add(t, e) {
    if (!t.canReaddir()) return;
    let s = this.store.get(t);
    s ? s.find((i) => i.globString() === e.globString()) || s.push(e) : this.store.set(t, [e]);
  }
  get(t) {
    let e = this.store.get(t);
    if (!e) throw new Error("attempting to walk unknown path");
    return e;
  }
  entries() {
    return this.keys().map((t) => [t, this.store.get(t)]);
  }
  keys() {
    return [...this.store.keys()].filter((t) => t.canReaddir());
  }
};
var Ft = class r6 {
  hasWalkedCache;
  matches = new Ot();
  subwalks = new Le();
  patterns;
  follow;
  dot;
  opts;
  constructor(t, e) {
    this.opts = t, this.follow = !!t.follow, this.dot = !!t.dot, this.hasWalkedCache = e ? e.copy() : new ze();
  }
  processPatterns(t, e) {
    this.patterns = e;
    let s = e.map((i) => [t, i]);
    for (let [i, n] of s) {
      this.hasWalkedCache.storeWalked(i, n);
      let o = n.root(), h = n.isAbsolute() && this.opts.absolute !== false;
      if (o) {
        i = i.resolve(o === "/" && this.opts.root !== void 0 ? this.opts.root : o);
        let f = n.rest();
        if (f) n = f;
        else {
          this.matches.add(i, true, false);
          continue;
        }
      }
      if (i.isENOENT()) continue;
      let a, l, c = false;
      for (; typeof (a = n.pattern()) == "string" && (l = n.rest()); ) i = i.resolve(a), n = l, c = true;
      if (a = n.pattern(), l = n.rest(), c) {
        if (this.hasWalkedCache.hasWalked(i, n)) continue;
        this.hasWalkedCache.storeWalked(i, n);
      }
      if (typeof a == "string") {
        let f = a === ".." || a === "" || a === ".";
        this.matches.add(i.resolve(a), h, f);
        continue;
      } else if (a === v) {
        (!i.isSymbolicLink() || this.follow || n.checkFollowGlobstar()) && this.subwalks.add(i, n);
        let f = l?.pattern(), u = l?.rest();
        if (!l || (f === "" || f === ".") && !u) this.matches.add(i, h, f === "" || f === ".");
        else if (f === "..") {
          let p = i.parent || i;
          u ? this.hasWalkedCache.hasWalked(p, u) || this.subwalks.add(p, u) : this.matches.add(p, h, true);
        }
      } else typeof a == "object" && this.subwalks.add(i, n);
    }
    return this;
  }
  subwalkTargets() {
    return this.subwalks.keys();
  }
  child() {
    return new r6(this.opts, this.hasWalkedCache);
  }
  filterEntries(t, e) {
    let s = this.subwalks.get(t), i = this.child();
    for (let n of e) for (let o of s) {
      let h = o.isAbsolute(), a = o.pattern(), l = o.rest();
      a === v ? i.testGlobstar(n, o, l, h) : typeof a == "object" ? i.testMatcher(n, a, l, h) : i.testString(n, a, l, h);
    }
    return i;
  }
  testGlobstar(t, e, s, i) {
    if ((this.dot || !t.name.startsWith(".")) && (e.hasMore() || this.matches.add(t, i, false), t.canReaddir() && (this.follow || !t.isSymbolicLink() ? this.subwalks.add(t, e) : t.isSymbolicLink() && (s && e.checkFollowGlobstar() ? this.subwalks.add(t, s) : e.markFollowGlobstar() && this.subwalks.add(t, e)))), s) {
      let n = s.pattern();
      if (typeof n == "string" && n !== ".." && n !== "" && n !== ".") this.testString(t, n, s.rest(), i);
      else if (n === "..") {
        let o = t.parent || t;
        this.subwalks.add(o, s);
      } else typeof n == "object" && this.testMatcher(t, n, s.rest(), i);
    }
  }
  testMatcher(t, e, s, i) {
    e.testUnchecked(t.name) && (s ? this.subwalks.add(t, s) : this.matches.add(t, i, false));
  }
  testString(t, e, s, i) {
    t.isNamed(e) && (s ? this.subwalks.add(t, s) : this.matches.add(t, i, false));
  }
};
var { ABSOLUTE: Zt, IF_DIR: Qt } = Ot;
var bn = (r7, t, e) => typeof r7 == "string" ? new lt([r7], t, e) : Array.isArray(r7) ? new lt(r7, t, e) : r7;
var te = class {
  path;
  patterns;
  opts;
  seen = /* @__PURE__ */ new Set();
  paused = false;
  aborted = false;
  #t = [];
  #n;
  #i;
  signal;
  maxDepth;
  includeChildMatches;
  constructor(t, e, s) {
    if (this.patterns = t, this.path = e, this.opts = s, this.#i = !s.posix && s.platform === "win32" ? "\\" : "/", this.includeChildMatches = s.includeChildMatches !== false, (s.ignore || !this.includeChildMatches) && (this.#n = bn(s.ignore ?? [], s, e), !this.includeChildMatches && typeof this.#n.add != "function")) {
      let i = "cannot ignore child matches, ignore lacks add() method.";
      throw new Error(i);
    }
    this.maxDepth = s.maxDepth || 1 / 0, s.signal && (this.signal = s.signal, this.signal.addEventListener("abort", () => {
      this.#t.length = 0;
    }));
  }
  #o(t) {
    return this.seen.has(t) || !!this.#n?.ignored?.(t);
  }
  #r(t) {
    return !!this.#n?.childrenIgnored?.(t);
  }
  pause() {
    this.paused = true;
  }
  resume() {
    if (this.signal?.aborted) return;
    this.paused = false;
    let t;
    for (; !this.paused && (t = this.#t.shift()); ) t();
  }
  onResume(t) {
    this.paused ? this.#t.push(t) : t();
  }
  async matchCheck(t, e) {
    if (e && this.opts.nodir) return;
    let s, i;
    if (this.opts.realpath) {
      if (s = t.realpathCached() || await t.realpath(), !s) return;
      i = s;
    } else i = t;
    let o = i.isUnknown() || this.opts.stat ? await i.lstat() : i;
    if (this.opts.follow && this.opts.nodir && o?.isSymbolicLink()) {
      let h = await o.realpath();
      h && (h.isUnknown() || this.opts.stat) && await h.lstat();
    }
    return this.matchCheckTest(o, e);
  }
  matchCheckTest(t, e) {
    return t && (this.maxDepth === 1 / 0 || t.depth() <= this.maxDepth) && (!e || t.canReaddir()) && (!this.opts.nodir || !t.isDirectory()) && (!this.opts.nodir || !this.opts.follow || !t.isSymbolicLink() || !t.realpathCached()?.isDirectory()) && !this.#o(t) ? t : void 0;
  }
  matchCheckSync(t, e) {
    if (e && this.opts.nodir) return;
    let s, i;
    if (this.opts.realpath) {
      if (s = t.realpathCached() || t.realpathSync(), !s) return;
      i = s;
    } else i = t;
    let o = i.isUnknown() || this.opts.stat ? i.lstatSync() : i;
    if (this.opts.follow && this.opts.nodir && o?.isSymbolicLink()) {
      let h = o.realpathSync();
      h && (h?.isUnknown() || this.opts.stat) && h.lstatSync();
    }
    return this.matchCheckTest(o, e);
  }
  matchFinish(t, e) {
    this.#o(t) || this.#d(t, e);
  }
  #d(t, e) {
    if (!this.includeChildMatches && this.#n?.add) {
      let n = `${t.relativePosix()}/**`;
      this.#n.add(n);
    }
    let s = this.opts.absolute === void 0 ? e : this.opts.absolute;
    this.seen.add(t);
    let i = this.opts.mark && t.isDirectory() ? this.#i : "";
    if (this.opts.withFileTypes) this.matchEmit(t);
    else if (s) {
      let n = this.opts.posix ? t.fullpathPosix() : t.fullpath();
      this.matchEmit(n + i);
    } else {
      let n = this.opts.posix ? t.relativePosix() : t.relative(), o = this.opts.dotRelative && !n.startsWith(`..${this.#i}`) ? `.${this.#i}` : "";
      this.matchEmit(n ? o + n + i : `.${i}`);
    }
  }
  async match(t, e, s) {
    let i = await this.matchCheck(t, s);
    i && this.matchFinish(i, e);
  }
  matchSync(t, e, s) {
    let i = this.matchCheckSync(t, s);
    i && this.#d(i, e);
  }
  walkCB(t, e, s) {
    if (this.signal?.aborted) return s();
    this.walkCB2(t, e, new Ft(this.opts), s);
  }
  walkCB2(t, e, s, i) {
    if (this.#r(t) || this.signal?.aborted) return i();
    if (this.paused) {
      this.onResume(() => this.walkCB2(t, e, s, i));
      return;
    }
    s.processPatterns(t, e);
    let n = 1, o = () => {
      --n === 0 && i();
    };
    for (let [h, a] of s.matches.store) this.#o(h) || (n++, this.match(h, !!(a & Zt), !!(a & Qt)).then(() => o()));
    for (let h of s.subwalkTargets()) {
      if (this.maxDepth !== 1 / 0 && h.depth() >= this.maxDepth) continue;
      n++;
      let a = h.readdirCached();
      h.calledReaddir() ? this.walkCB3(h, a, s, o) : h.readdirCB((l, c) => this.walkCB3(h, c, s, o), true);
    }
    o();
  }
  walkCB3(t, e, s, i) {
    let n = s.filterEntries(t, e), o = 1, h = () => {
      --o === 0 && i();
    };
    for (let [a, l] of n.matches.store) this.#o(a) || (o++, this.match(a, !!(l & Zt), !!(l & Qt)).then(() => h()));
    for (let [a, l] of n.subwalks.entries()) o++, this.walkCB2(a, l, n.child(), h);
    h();
  }
  walkCBSync(t, e, s) {
    if (this.signal?.aborted) return s();
    this.walkCB2Sync(t, e, new Ft(this.opts), s);
  }
  walkCB2Sync(t, e, s, i) {
    if (this.#r(t) || this.signal?.aborted) return i();
    if (this.paused) {
      this.onResume(() => this.walkCB2Sync(t, e, s, i));
      return;
    }
    s.processPatterns(t, e);
    let n = 1, o = () => {
      --n === 0 && i();
    };
    for (let [h, a] of s.matches.store) this.#o(h) || this.matchSync(h, !!(a & Zt), !!(a & Qt));
    for (let h of s.subwalkTargets()) {
      if (this.maxDepth !== 1 / 0 && h.depth() >= this.maxDepth) continue;
      n++;
      let a = h.readdirSync();
      this.walkCB3Sync(h, a, s, o);
    }
    o();
  }
  walkCB3Sync(t, e, s, i) {
    let n = s.filterEntries(t, e), o = 1, h = () => {
      --o === 0 && i();
    };
    for (let [a, l] of n.matches.store) this.#o(a) || this.matchSync(a, !!(l & Zt), !!(l & Qt));
    for (let [a, l] of n.subwalks.entries()) o++, this.walkCB2Sync(a, l, n.child(), h);
    h();
  }
};
var Tt = class extends te {
  matches = [];
  constructor(t, e, s) {
    super(t, e, s);
  }
  matchEmit(t) {
    this.matches.push(t);
  }
  async walk() {
    if (this.signal?.aborted) throw this.signal.reason;
    return this.path.isUnknown() && await this.path.lstat(), await new Promise((t, e) => {
      this.walkCB(this.path, this.patterns, () => {
        this.signal?.aborted ? e(this.signal.reason) : t(this.matches);
      });
    }), this.matches;
  }
  walkSync() {
    if (this.signal?.aborted) throw this.signal.reason;
    return this.path.isUnknown() && this.path.lstatSync(), this.walkCBSync(this.path, this.patterns, () => {
      if (this.signal?.aborted) throw this.signal.reason;
    }), this.matches;
  }
};
var _t = class extends te {
  results;
  constructor(t, e, s) {
    super(t, e, s), this.results = new J({ signal: this.signal, objectMode: true }), this.results.on("drain", () => this.resume()), this.results.on("resume", () => this.resume());
  }
  matchEmit(t) {
    this.results.write(t), this.results.flowing || this.pause();
  }
  stream() {
    let t = this.path;
    return t.isUnknown() ? t.lstat().then(() => {
      this.walkCB(t, this.patterns, () => this.results.end());
    }) : this.walkCB(t, this.patterns, () => this.results.end()), this.results;
  }
  streamSync() {
    return this.path.isUnknown() && this.path.lstatSync(), this.walkCBSync(this.path, this.patterns, () => this.results.end()), this.results;
  }
};
var Sn = typeof process == "object" && process && typeof process.platform == "string" ? process.platform : "linux";
var j = class {
  absolute;
  cwd;
  root;
  dot;
  dotRelative;
  follow;
  ignore;
  magicalBraces;
  mark;
  matchBase;
  maxDepth;
  nobrace;
  nocase;
  nodir;
  noext;
  noglobstar;
  pattern;
  platform;
  realpath;
  scurry;
  stat;
  signal;
  windowsPathsNoEscape;
  withFileTypes;
  includeChildMatches;
  opts;
  patterns;
  constructor(t, e) {
    if (!e) throw new TypeError("glob options required");
    if (this.withFileTypes = !!e.withFileTypes, this.signal = e.signal, this.follow = !!e.follow, this.dot = !!e.dot, this.dotRelative = !!e.dotRelative, this.nodir = !!e.nodir, this.mark = !!e.mark, e.cwd ? (e.cwd instanceof URL || e.cwd.startsWith("file://")) && (e.cwd = yn(e.cwd)) : this.cwd = "", this.cwd = e.cwd || "", this.root = e.root, this.magicalBraces = !!e.magicalBraces, this.nobrace = !!e.nobrace, this.noext = !!e.noext, this.realpath = !!e.realpath, this.absolute = e.absolute, this.includeChildMatches = e.includeChildMatches !== false, this.noglobstar = !!e.noglobstar, this.matchBase = !!e.matchBase, this.maxDepth = typeof e.maxDepth == "number" ? e.maxDepth : 1 / 0, this.stat = !!e.stat, this.ignore = e.ignore, this.withFileTypes && this.absolute !== void 0) throw new Error("cannot set absolute and withFileTypes:true");
    let s = typeof t == "string" ? [t] : t;
    if (this.windowsPathsNoEscape = !!e.windowsPathsNoEscape || e.allowWindowsEscape === false, this.windowsPathsNoEscape && (s = s.map((l) => l.replace(/\\/g, "/"))), this.matchBase) {
      if (e.noglobstar) throw new TypeError("base matching requires globstar");
      s = s.map((l) => l.includes("/") ? l : `./**/${l}`);
    }
    if (this.pattern = s, this.platform = e.platform || Sn, this.opts = { ...e, platform: this.platform }, e.scurry) {
      if (this.scurry = e.scurry, e.nocase !== void 0 && e.nocase !== e.scurry.nocase) throw new Error("nocase option contradicts provided scurry option");
    } else {
      let l = e.platform === "win32" ? ot : e.platform === "darwin" ? Rt : e.platform ? ht : _s;
      this.scurry = new l(this.cwd, { nocase: e.nocase, fs: e.fs });
    }
    this.nocase = this.scurry.nocase;
    let i = this.platform === "darwin" || this.platform === "win32", n = { braceExpandMax: 1e4, ...e, dot: this.dot, matchBase: this.matchBase, nobrace: this.nobrace, nocase: this.nocase, nocaseMagicOnly: i, nocomment: true, noext: this.noext, nonegate: true, optimizationLevel: 2, platform: this.platform, windowsPathsNoEscape: this.windowsPathsNoEscape }, o = this.pattern.map((l) => new D(l, n)), [h, a] = o.reduce((l, c) => (l[0].push(...c.set), l[1].push(...c.globParts), l), [[], []]);
    this.patterns = h.map((l, c) => {
      let f = a[c];
      if (!f) throw new Error("invalid pattern object");
      return new at(l, f, 0, this.platform);
    });
  }
  async walk() {
    return await new Tt(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).walk();
  }
  walkSync() {
    return new Tt(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).walkSync();
  }
  stream() {
    return new _t(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).stream();
  }
  streamSync() {
    return new _t(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).streamSync();
  }
  iterateSync() {
    return this.streamSync()[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.iterateSync();
  }
  iterate() {
    return this.stream()[Symbol.asyncIterator]();
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
};
var je = (r7, t = {}) => {
  for (let e of Array.isArray(r7) ? r7 : [r7]) if (new D(e, t).hasMagic()) return true;
  return false;
};
function ee(r7, t = {}) {
  return new j(r7, t).streamSync();
}
function Ps(r7, t = {}) {
  return new j(r7, t).stream();
}
function zs(r7, t = {}) {
  return new j(r7, t).walkSync();
}
async function Ds(r7, t = {}) {
  return new j(r7, t).walk();
}
function se(r7, t = {}) {
  return new j(r7, t).iterateSync();
}
function Ls(r7, t = {}) {
  return new j(r7, t).iterate();
}
var xn = ee;
var vn = Object.assign(Ps, { sync: ee });
var En = se;
var kn = Object.assign(Ls, { sync: se });
var Cn = Object.assign(zs, { stream: ee, iterate: se });
var Ns = Object.assign(Ds, { glob: Ds, globSync: zs, sync: Cn, globStream: Ps, stream: vn, globStreamSync: ee, streamSync: xn, globIterate: Ls, iterate: kn, globIterateSync: se, iterateSync: En, Glob: j, hasMagic: je, escape: K, unescape: st });
Ns.glob = Ns;

// src/files/collect.ts
var MANIFEST = /\.(ya?ml|json)$/i;
var NEVER = /* @__PURE__ */ new Set([".git", "node_modules"]);
function collectFiles(paths, cwd = process.cwd()) {
  const files = /* @__PURE__ */ new Set();
  const missing = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const st2 = statOrUndefined(abs);
    if (st2?.isFile()) {
      files.add(abs);
    } else if (st2?.isDirectory()) {
      for (const f of walkDirectory(abs)) files.add(f);
    } else if (je(p, { windowsPathsNoEscape: false })) {
      const matched = zs(p, { cwd, absolute: true, nodir: true, dot: true, ignore: ["**/node_modules/**", "**/.git/**"] });
      for (const f of dropIgnored(matched)) files.add(f);
    } else {
      missing.push(p);
    }
  }
  return { files: [...files].sort(), missing };
}
function walkDirectory(dir) {
  const listed = gitListFiles(dir);
  const all = listed ?? walkFs(dir);
  return all.filter((f) => MANIFEST.test(f) && !f.split(sep).some((part) => NEVER.has(part)));
}
function gitListFiles(dir) {
  const r7 = spawnSync("git", ["-C", dir, "ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r7.error || r7.status !== 0) return void 0;
  return r7.stdout.split("\0").filter(Boolean).map((f) => join(dir, f)).filter((f) => statOrUndefined(f)?.isFile());
}
function walkFs(dir) {
  const out = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (NEVER.has(e.name)) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile() || e.isSymbolicLink() && statOrUndefined(p)?.isFile()) out.push(p);
    }
  }
  return out;
}
function dropIgnored(files) {
  const byTop = /* @__PURE__ */ new Map();
  const outside = [];
  for (const f of files) {
    const top = workTreeOf(dirname(f));
    if (top) byTop.set(top, [...byTop.get(top) ?? [], f]);
    else outside.push(f);
  }
  const kept = [...outside];
  for (const [top, list] of byTop) {
    const rel = list.map((f) => relative(top, f));
    const r7 = spawnSync("git", ["-C", top, "check-ignore", "--stdin", "-z"], { input: rel.join("\0") + "\0", encoding: "utf8", maxBuffer: 1 << 30 });
    const ignored = new Set(r7.status === 0 ? r7.stdout.split("\0").filter(Boolean) : []);
    kept.push(...list.filter((_2, i) => !ignored.has(rel[i])));
  }
  return kept;
}
var topCache = /* @__PURE__ */ new Map();
function workTreeOf(dir) {
  if (!topCache.has(dir)) {
    const r7 = spawnSync("git", ["-C", dir, "rev-parse", "--show-toplevel"], { encoding: "utf8" });
    topCache.set(dir, r7.status === 0 ? r7.stdout.trim() : void 0);
  }
  return topCache.get(dir);
}
function statOrUndefined(p) {
  try {
    return statSync(p);
  } catch {
    return void 0;
  }
}

// src/files/write.ts
import { closeSync, fchmodSync, fchownSync, fsyncSync, openSync, realpathSync, renameSync, statSync as statSync2, unlinkSync, writeSync } from "node:fs";
import { basename, dirname as dirname2, join as join2 } from "node:path";
import { randomBytes } from "node:crypto";
var TEMP_PREFIX = ".smi-migrate-";
function writeFileAtomic(path, data) {
  const target = realpathSync(path);
  const st2 = statSync2(target);
  if ((st2.mode & 128) === 0) throw Object.assign(new Error(`${path}: file is read-only; not written`), { code: "EACCES" });
  const tmp = join2(dirname2(target), `${TEMP_PREFIX}${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(tmp, "wx", 384);
  try {
    let off = 0;
    while (off < data.length) off += writeSync(fd, data, off, data.length - off);
    fchmodSync(fd, st2.mode & 4095);
    try {
      fchownSync(fd, st2.uid, st2.gid);
    } catch {
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    unlinkSync(tmp);
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(tmp, target);
  } catch (err) {
    unlinkSync(tmp);
    throw err;
  }
}

// src/pipeline/stream.ts
import { once } from "node:events";
import { readSync as readSync2, writeSync as writeSync3 } from "node:fs";

// src/pipeline/list.ts
import { isUtf8 } from "node:buffer";

// src/pipeline/spool.ts
import { closeSync as closeSync2, mkdtempSync, openSync as openSync2, readSync, rmdirSync, unlinkSync as unlinkSync2, writeSync as writeSync2 } from "node:fs";
import { tmpdir } from "node:os";
import { join as join3 } from "node:path";
var Spool = class {
  fd = -1;
  size = 0;
  write(bytes) {
    if (this.fd < 0) this.open();
    let done = 0;
    while (done < bytes.length) done += writeSync2(this.fd, bytes, done, bytes.length - done, this.size + done);
    this.size += bytes.length;
  }
  /** Calls `each` with the spooled bytes in order, in views of one reused buffer. */
  readBack(each) {
    if (this.size === 0) return;
    const buf = Buffer.allocUnsafe(Math.min(this.size, 1 << 20));
    for (let pos = 0; pos < this.size; ) {
      const n = readSync(this.fd, buf, 0, Math.min(buf.length, this.size - pos), pos);
      if (n <= 0) throw new Error("internal error: spool file shorter than written");
      each(buf.subarray(0, n), pos);
      pos += n;
    }
  }
  /** Everything spooled, in one buffer (the general path needs the whole document). */
  readAll() {
    const all = Buffer.allocUnsafe(this.size);
    this.readBack((bytes, offset) => bytes.copy(all, offset));
    return all;
  }
  close() {
    if (this.fd >= 0) closeSync2(this.fd);
    this.fd = -1;
    this.size = 0;
  }
  open() {
    const dir = mkdtempSync(join3(tmpdir(), "smi-migrate-"));
    const file = join3(dir, "list.spool");
    try {
      this.fd = openSync2(file, "wx+", 384);
    } finally {
      try {
        unlinkSync2(file);
      } catch {
      }
      rmdirSync(dir);
    }
  }
};

// src/pipeline/list.ts
var HEADS = [Buffer.from("apiVersion: v1\nitems:\n"), Buffer.from("---\napiVersion: v1\nitems:\n")];
var ITEM_PREFIX = "kind: List\nitems:\n";
var ITEM_PREFIX_LINES = 2;
var NOTICE_CODES = /* @__PURE__ */ new Set(["no-api-version", "near-miss-group", "unknown-version"]);
var AMP = 38;
var STAR = 42;
function matchListHead(view, pos, final) {
  const avail = view.length - pos;
  let waiting = false;
  for (const head of HEADS) {
    const n = Math.min(avail, head.length);
    if (view.compare(head, 0, n, pos, pos + n) !== 0) continue;
    if (avail < head.length + 2) {
      if (!final) waiting = true;
      continue;
    }
    const dash = view[pos + head.length];
    const next = view[pos + head.length + 1];
    if (dash === 45 && (next === 32 || next === 10 || next === 13)) return pos + head.length;
  }
  return waiting ? void 0 : 0;
}
var ListDocument = class {
  constructor(head, startAbs, startLine, to, path) {
    this.head = head;
    this.startAbs = startAbs;
    this.startLine = startLine;
    this.to = to;
    this.path = path;
  }
  head;
  startAbs;
  startLine;
  to;
  path;
  store = new Spool();
  patches = [];
  notices = [];
  others = [];
  candidates = 0;
  /** Set when only the whole-document path can be trusted with this document. */
  fallback = false;
  /** The List's bytes after the head, in order, up to the tail. */
  spool(bytes) {
    this.store.write(bytes);
  }
  /** One item, at absolute offset `abs`; a candidate comes with the converter and its line. */
  addItem(item, abs, line2, converter) {
    if (converter) this.candidates++;
    if (this.fallback) return;
    if (!isUtf8(item)) {
      this.fallback = true;
      return;
    }
    if (!converter) return;
    if (item.includes(AMP) || item.includes(STAR)) {
      this.fallback = true;
      return;
    }
    const text = item.toString("utf8");
    const synthetic = ITEM_PREFIX + text;
    const r7 = converter(synthetic, this.to);
    if (r7.findings.some((f) => f.code === "invalid-yaml")) {
      this.fallback = true;
      return;
    }
    const patches = toPatches(r7.edits, text, ITEM_PREFIX.length, abs);
    if (!patches) {
      this.fallback = true;
      return;
    }
    this.patches.push(...patches);
    for (const f of locateFindings(r7.findings, synthetic, line2 - ITEM_PREFIX_LINES, this.path)) {
      ;
      (NOTICE_CODES.has(f.code) ? this.notices : this.others).push(f);
    }
  }
  /** What finish() needs loaded first, if anything. */
  needs(tail, converter, inspector) {
    if (!this.fallback && !this.mentionsSplits(tail)) return void 0;
    if (!converter) return "converter";
    if (!this.fallback && !inspector) return "inspector";
    return void 0;
  }
  /**
   * Writes the whole List (head, spooled items, `tail`) to the sink with the edits that
   * apply, and returns its findings in the order the general path gives them.
   */
  finish(tail, tailAbs, tailLine, processor, inspector, sink) {
    try {
      if (this.startAbs + this.head.length + this.store.size !== tailAbs) throw new Error("internal error: List spool out of step");
      if (this.fallback) return this.whole(tail, processor, sink);
      if (!this.mentionsSplits(tail)) {
        this.copyOut(tail, tailAbs, [], sink);
        return { findings: [], changed: false };
      }
      if (!isUtf8(tail) || !isUtf8(this.head)) return this.whole(tail, processor, sink);
      const headText = this.head.toString("utf8");
      const tailText = tail.toString("utf8");
      const wrapper = headText + tailText;
      const info = inspector(wrapper);
      if (!info.valid) return this.whole(tail, processor, sink);
      const w = processor.converter(wrapper, this.to);
      const headEdits = w.edits.filter((e) => e.end <= headText.length);
      const tailEdits = w.edits.filter((e) => e.start >= headText.length);
      const headPatches = toPatches(headEdits, headText, 0, this.startAbs);
      const tailPatches = toPatches(tailEdits, tailText, headText.length, tailAbs);
      if (!headPatches || !tailPatches || headEdits.length + tailEdits.length !== w.edits.length) return this.whole(tail, processor, sink);
      const located = [
        ...locateFindings(w.findings.filter((f) => f.offset < headText.length), headText, this.startLine, this.path),
        ...locateFindings(
          w.findings.filter((f) => f.offset >= headText.length).map((f) => ({ ...f, offset: f.offset - headText.length })),
          tailText,
          tailLine,
          this.path
        )
      ];
      const items = info.isList;
      const findings = [
        ...located.filter((f) => NOTICE_CODES.has(f.code)),
        ...items ? this.notices : [],
        ...located.filter((f) => !NOTICE_CODES.has(f.code)),
        ...items ? this.others : []
      ];
      const patches = [...headPatches, ...items ? this.patches : [], ...tailPatches];
      this.copyOut(tail, tailAbs, patches, sink);
      return { findings, changed: patches.length > 0 };
    } finally {
      this.store.close();
    }
  }
  mentionsSplits(tail) {
    return this.candidates > 0 || isCandidate(this.head) || isCandidate(tail);
  }
  /** The general path on the whole document (read back from the spool). */
  whole(tail, processor, sink) {
    const r7 = processor.processAt(Buffer.concat([this.head, this.store.readAll(), tail]), this.startLine);
    sink(r7.bytes);
    return { findings: r7.findings, changed: r7.edits.length > 0 };
  }
  copyOut(tail, tailAbs, patches, sink) {
    const out = new PatchingWriter(patches.sort((a, b) => a.at - b.at), sink);
    out.write(this.head, this.startAbs);
    const spoolAbs = this.startAbs + this.head.length;
    this.store.readBack((bytes, offset) => out.write(bytes, spoolAbs + offset));
    out.write(tail, tailAbs);
  }
};
function toPatches(edits, text, shift, abs) {
  const out = [];
  for (const e of edits) {
    const start = e.start - shift;
    const end = e.end - shift;
    if (start < 0 || end < start || end > text.length) return void 0;
    const at2 = abs + Buffer.byteLength(text.slice(0, start));
    out.push({ at: at2, length: Buffer.byteLength(text.slice(start, end)), bytes: Buffer.from(e.text, "utf8") });
  }
  return out;
}
var PatchingWriter = class {
  constructor(patches, sink) {
    this.patches = patches;
    this.sink = sink;
  }
  patches;
  sink;
  next = 0;
  skipTo = 0;
  write(bytes, abs) {
    const end = abs + bytes.length;
    let pos = abs;
    while (pos < end) {
      if (pos < this.skipTo) {
        pos = Math.min(end, this.skipTo);
        continue;
      }
      const p = this.patches[this.next];
      if (!p || p.at >= end) {
        this.sink(bytes.subarray(pos - abs));
        return;
      }
      if (p.at > pos) this.sink(bytes.subarray(pos - abs, p.at - abs));
      this.sink(p.bytes);
      this.skipTo = p.at + p.length;
      this.next++;
      pos = Math.max(pos, p.at);
    }
  }
};

// src/pipeline/engine.ts
var LF = 10;
var SP = 32;
var TAB = 9;
var CR = 13;
var HASH = 35;
var DASH = 45;
var StreamEngine = class {
  constructor(to, path, sink, onFinding = () => {
  }) {
    this.to = to;
    this.path = path;
    this.sink = sink;
    this.onFinding = onFinding;
    this.processor = new SegmentProcessor(to, path);
  }
  to;
  path;
  sink;
  onFinding;
  buf = Buffer.allocUnsafe(1 << 20);
  len = 0;
  /** Absolute stream offset of buf[0]. */
  base = 0;
  /** Start of the current, still undecided segment (or List item). */
  pos = 0;
  /** Start of pass-through bytes not yet handed to the sink. */
  passFrom = 0;
  /** The end found for the current segment, kept while the engine waits for a loader. */
  cut = -1;
  headCheckedAt = -1;
  /** 1-based line number at buffer position `linesTo`. */
  line = 1;
  linesTo = 0;
  final = false;
  scanner = new BoundaryScanner();
  needle = new NeedleFinder(NEEDLE);
  processor;
  /** List mode: the dump being taken item by item, where its items are scanned, its tail. */
  list;
  listScan = 0;
  tailStart = -1;
  /** List bytes before this buffer position are already in the spool. */
  spooledTo = 0;
  /** What the engine stopped for; load it, set it, and call drain() again. */
  wants;
  inspector;
  summary = { findings: [], changed: false, peakBuffer: 0 };
  get converter() {
    return this.processor.converter;
  }
  set converter(c) {
    this.processor.converter = c;
  }
  /** A writable view of at least `min` free bytes at the end of the buffer; fill it, then commit. */
  space(min) {
    if (this.buf.length - this.len < min) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + min));
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    return this.buf.subarray(this.len);
  }
  commit(n) {
    this.len += n;
    if (this.len > this.summary.peakBuffer) this.summary.peakBuffer = this.len;
  }
  /** Copies a chunk in and processes what it completes. */
  push(chunk) {
    this.space(chunk.length).set(chunk);
    this.commit(chunk.length);
    this.drain();
  }
  /** Marks the end of the input; drain() then processes the rest. */
  end() {
    this.final = true;
    this.drain();
  }
  /** Processes every complete segment in the buffer (all of it after end()). */
  drain() {
    this.wants = void 0;
    const view = this.buf.subarray(0, this.len);
    while (this.wants === void 0) {
      if (this.list) {
        if (!this.stepList(view)) break;
        continue;
      }
      if (this.headCheckedAt !== this.pos) {
        const headEnd = matchListHead(view, this.pos, this.final);
        if (headEnd === void 0) break;
        this.headCheckedAt = this.pos;
        if (headEnd > 0) {
          this.flush(view, this.pos);
          this.list = new ListDocument(
            Buffer.from(view.subarray(this.pos, headEnd)),
            this.base + this.pos,
            this.lineAt(view, this.pos),
            this.to,
            this.path
          );
          this.pos = this.spooledTo = this.listScan = headEnd;
          this.passFrom = headEnd;
          this.tailStart = -1;
          continue;
        }
      }
      let end = this.cut >= 0 ? this.cut : this.scanner.next(view, this.pos, this.final);
      if (end < 0) {
        if (!this.final || this.pos >= this.len) break;
        end = this.len;
      }
      this.cut = end;
      if (this.needle.within(view, this.pos, end)) {
        if (!this.processor.converter) {
          this.wants = "converter";
          break;
        }
        this.flush(view, this.pos);
        const r7 = this.processor.processAt(view.subarray(this.pos, end), this.lineAt(view, this.pos));
        this.sink(r7.bytes);
        this.passFrom = end;
        this.report(r7.findings, r7.edits.length > 0);
      }
      this.pos = end;
      this.cut = -1;
    }
    if (!this.list) this.flush(view, this.pos);
    this.compact(view);
  }
  /**
   * One step through a List dump: finds the next item boundary (a `- ` line at column 0)
   * or the first other line at column 0 (the wrapper's tail: `kind: List`, `metadata:`…),
   * then the document's end. Returns false when it needs more bytes or a loader.
   */
  stepList(view) {
    const list = this.list;
    const len = view.length;
    if (this.tailStart < 0) {
      const nl = view.indexOf(LF, this.listScan);
      let at2;
      let isItem = false;
      if (nl < 0 || nl + 2 > len || nl + 2 === len && !this.final) {
        if (!this.final) {
          this.listScan = nl < 0 ? len : nl;
          return false;
        }
        at2 = len;
      } else {
        at2 = nl + 1;
        const c = view[at2];
        if (c === SP || c === TAB || c === HASH || c === LF || c === CR) {
          this.listScan = at2;
          return true;
        }
        const next = at2 + 1 < len ? view[at2 + 1] : LF;
        isItem = c === DASH && (next === SP || next === LF || next === CR);
      }
      if (!this.takeItem(view, this.pos, at2, list)) {
        this.listScan = nl < 0 ? len : nl;
        return false;
      }
      this.pos = at2;
      this.listScan = at2;
      if (!isItem) {
        this.tailStart = at2;
        this.scanner.resumeInContent(at2 - 1);
      }
      return true;
    }
    let end = this.cut >= 0 ? this.cut : this.scanner.next(view, this.tailStart - 1, this.final);
    if (end < 0) {
      if (!this.final) return false;
      end = len;
    }
    this.cut = end;
    this.spoolUpTo(view, this.tailStart);
    const tail = view.subarray(this.tailStart, end);
    const needs = list.needs(tail, this.processor.converter, this.inspector);
    if (needs) {
      this.wants = needs;
      return false;
    }
    const r7 = list.finish(tail, this.base + this.tailStart, this.lineAt(view, this.tailStart), this.processor, this.inspector, this.sink);
    this.report(r7.findings, r7.changed);
    this.list = void 0;
    this.pos = this.passFrom = end;
    this.cut = -1;
    this.tailStart = -1;
    if (end === len && this.final) this.scanner.startSegment(end);
    return true;
  }
  /** Hands List item [start, end) to the List; false if a loader is needed first. */
  takeItem(view, start, end, list) {
    if (end <= start) return true;
    const item = view.subarray(start, end);
    const candidate = this.needle.within(view, start, end);
    if (candidate && !this.processor.converter) {
      this.wants = "converter";
      return false;
    }
    list.addItem(item, this.base + start, candidate ? this.lineAt(view, start) : 0, candidate ? this.processor.converter : void 0);
    return true;
  }
  report(findings, changed) {
    if (changed) this.summary.changed = true;
    for (const f of findings) {
      this.summary.findings.push(f);
      this.onFinding(f);
    }
  }
  /** Hands pass-through bytes [passFrom, upTo) to the sink in one call. */
  flush(view, upTo) {
    if (upTo > this.passFrom) this.sink(view.subarray(this.passFrom, upTo));
    this.passFrom = upTo;
  }
  spoolUpTo(view, upTo) {
    if (upTo > this.spooledTo) this.list.spool(view.subarray(this.spooledTo, upTo));
    this.spooledTo = Math.max(this.spooledTo, upTo);
  }
  /** The line number at buffer position p (p never moves backwards). */
  lineAt(view, p) {
    for (let i = view.indexOf(LF, this.linesTo); i >= 0 && i < p; i = view.indexOf(LF, i + 1)) this.line++;
    this.linesTo = Math.max(this.linesTo, p);
    return this.line;
  }
  /** Drops the bytes every reader is done with, so the buffer holds one segment or item. */
  compact(view) {
    let drop = this.pos;
    if (this.list) {
      this.spoolUpTo(view, this.tailStart >= 0 ? this.tailStart : this.pos);
      drop = this.tailStart >= 0 ? this.tailStart - 1 : this.pos;
    }
    if (drop <= 0) return;
    this.lineAt(view, drop);
    this.buf.copy(this.buf, 0, drop, this.len);
    this.len -= drop;
    this.base += drop;
    this.pos -= drop;
    this.passFrom = Math.max(0, this.passFrom - drop);
    this.linesTo -= drop;
    this.headCheckedAt -= drop;
    if (this.cut >= 0) this.cut -= drop;
    this.listScan = Math.max(0, this.listScan - drop);
    if (this.tailStart >= 0) this.tailStart -= drop;
    this.spooledTo = Math.max(0, this.spooledTo - drop);
    this.scanner.shift(drop);
    this.needle.shift(drop);
  }
};

// src/pipeline/stream.ts
var READ_SIZE = 1 << 20;
async function settle(engine) {
  while (engine.wants) {
    if (engine.wants === "converter") engine.converter = await loadConverter();
    else engine.inspector = await loadListInspector();
    engine.drain();
  }
}
async function migrateStream(input, output, to, path, onFinding = () => {
}) {
  const parts = [];
  const engine = new StreamEngine(to, path, (bytes) => parts.push(Buffer.from(bytes)), onFinding);
  const flush = async () => {
    if (parts.length === 0) return;
    const out = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts.length = 0;
    if (!output.write(out)) await once(output, "drain");
  };
  for await (const chunk of input) {
    engine.push(chunk);
    if (engine.wants) await settle(engine);
    await flush();
  }
  engine.end();
  if (engine.wants) await settle(engine);
  await flush();
  return engine.summary;
}
var FdWriter = class {
  constructor(fd, fallback) {
    this.fd = fd;
    this.fallback = fallback;
  }
  fd;
  fallback;
  stream;
  waiting = false;
  write(bytes) {
    if (this.stream) return this.queue(bytes);
    let done = 0;
    while (done < bytes.length) {
      try {
        done += writeSync3(this.fd, bytes, done, bytes.length - done);
      } catch (err) {
        if (err.code !== "EAGAIN") throw err;
        this.stream = this.fallback();
        return this.queue(bytes.subarray(done));
      }
    }
  }
  get blocked() {
    return this.waiting;
  }
  /** Resolves once the fallback stream has room again. */
  async ready() {
    if (this.stream && this.waiting) {
      await once(this.stream, "drain");
      this.waiting = false;
    }
  }
  queue(bytes) {
    if (!this.stream.write(Buffer.from(bytes))) this.waiting = true;
  }
};
async function migrateFd(inFd, outFd, to, path, streams, onFinding = () => {
}) {
  const writer = outFd === void 0 ? void 0 : new FdWriter(outFd, streams.output);
  const engine = new StreamEngine(to, path, writer ? (bytes) => writer.write(bytes) : () => {
  }, onFinding);
  for (; ; ) {
    const space = engine.space(READ_SIZE);
    let n;
    try {
      n = readSync2(inFd, space, 0, READ_SIZE, null);
    } catch (err) {
      const code = err.code;
      if (code === "EAGAIN") {
        for await (const chunk of streams.input()) {
          engine.push(chunk);
          if (engine.wants) await settle(engine);
          await writer?.ready();
        }
        break;
      }
      if (code === "EOF") break;
      throw err;
    }
    if (n === 0) break;
    engine.commit(n);
    engine.drain();
    if (engine.wants) await settle(engine);
    if (writer?.blocked) await writer.ready();
  }
  engine.end();
  if (engine.wants) await settle(engine);
  await writer?.ready();
  return engine.summary;
}

// src/report/diff.ts
function unifiedDiff(path, before, after, context = 3) {
  if (before === after) return "";
  const a = splitLines(before);
  const b = splitLines(after);
  const changes = a.length === b.length ? changedLines(a, b) : [middleBlock(a, b)];
  let out = `--- a/${path}
+++ b/${path}
`;
  for (const hunk of groupHunks(changes, context)) out += renderHunk(hunk, a, b, context);
  return out;
}
function splitLines(text) {
  const lines = text.split(/(?<=\n)/);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
function changedLines(a, b) {
  const out = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const last = out[out.length - 1];
    if (last && last.aEnd === i) {
      last.aEnd = i + 1;
      last.bEnd = i + 1;
    } else out.push({ aStart: i, aEnd: i + 1, bStart: i, bEnd: i + 1 });
  }
  return out;
}
function middleBlock(a, b) {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return { aStart: p, aEnd: a.length - s, bStart: p, bEnd: b.length - s };
}
function groupHunks(changes, context) {
  const hunks = [];
  for (const c of changes) {
    const cur = hunks[hunks.length - 1];
    if (cur && c.aStart - cur[cur.length - 1].aEnd <= 2 * context) cur.push(c);
    else hunks.push([c]);
  }
  return hunks;
}
function renderHunk(hunk, a, b, context) {
  const first = hunk[0];
  const last = hunk[hunk.length - 1];
  const aFrom = Math.max(0, first.aStart - context);
  const aTo = Math.min(a.length, last.aEnd + context);
  const bFrom = first.bStart - (first.aStart - aFrom);
  const bTo = last.bEnd + (aTo - last.aEnd);
  let body = "";
  let pos = aFrom;
  for (const c of hunk) {
    for (; pos < c.aStart; pos++) body += line(" ", a[pos]);
    for (let i = c.aStart; i < c.aEnd; i++) body += line("-", a[i]);
    for (let i = c.bStart; i < c.bEnd; i++) body += line("+", b[i]);
    pos = c.aEnd;
  }
  for (; pos < aTo; pos++) body += line(" ", a[pos]);
  return `@@ -${range(aFrom, aTo - aFrom)} +${range(bFrom, bTo - bFrom)} @@
${body}`;
}
function range(start, count) {
  return `${count === 0 ? start : start + 1},${count}`;
}
function line(mark, text) {
  return text.endsWith("\n") ? mark + text : `${mark}${text}
\\ No newline at end of file
`;
}

// src/report/format.ts
var VERB = { stream: "converted", check: "would convert", diff: "would convert", write: "converted" };
var REPAIR_VERB = { stream: "repaired", check: "would repair", diff: "would repair", write: "repaired" };
var paint = (on2, code, s) => on2 ? `\x1B[${code}m${s}\x1B[0m` : s;
function formatFinding(f, mode, style) {
  const where = `${f.path ?? "<input>"}:${f.line ?? 0}:${f.column ?? 0}`;
  if (f.severity === "info") {
    const verb = f.code === "converted" ? VERB[mode] : f.code === "repaired" ? REPAIR_VERB[mode] : "note";
    return `${paint(style.color, 2, where)}: ${verb} ${f.message}`;
  }
  const label = f.severity === "error" ? paint(style.color, 31, "error") : paint(style.color, 33, "warning");
  return `${paint(style.color, 2, where)}: ${label}: ${f.message}`;
}
function findingJson(f) {
  return {
    path: f.path,
    line: f.line,
    column: f.column,
    severity: f.severity,
    code: f.code,
    kind: f.object?.kind,
    namespace: f.object?.namespace,
    name: f.object?.name,
    from: f.from,
    to: f.to,
    weightsBefore: f.weightsBefore,
    weightsAfter: f.weightsAfter,
    message: f.message
  };
}
function formatSummary(t, mode) {
  const objects = `${t.converted} TrafficSplit${t.converted === 1 ? "" : "s"}`;
  const inFiles = mode === "stream" ? "" : ` in ${t.changedFiles} file${t.changedFiles === 1 ? "" : "s"}`;
  const tail = [t.errors && `${t.errors} error${t.errors === 1 ? "" : "s"}`, t.warnings && `${t.warnings} warning${t.warnings === 1 ? "" : "s"}`].filter(Boolean).join(", ");
  const checked = mode === "stream" ? "" : ` (${t.files} file${t.files === 1 ? "" : "s"} checked)`;
  let head;
  if (t.converted === 0) head = `nothing to convert${checked}`;
  else if (mode === "check" || mode === "diff") head = `${objects}${inFiles} would be converted${checked}`;
  else head = `converted ${objects}${inFiles}`;
  return tail ? `${head}; ${tail}` : head;
}

// src/cli/run.ts
var EXIT_CLEAN = 0;
var EXIT_CHANGES = 1;
var EXIT_ERROR = 2;
async function run(opts, io) {
  const reportTo = () => opts.mode === "check" || opts.mode === "write" ? io.stdout : io.stderr;
  const reporter = new Reporter(opts, reportTo);
  const totals = { files: 0, changedFiles: 0, converted: 0, errors: 0, warnings: 0 };
  let changed = false;
  if (opts.stdin) {
    const onFinding = (f) => reporter.add(f, totals);
    const summary = io.fds ? await migrateFd(
      io.fds.stdin,
      opts.mode === "stream" ? io.fds.stdout : void 0,
      opts.to,
      opts.stdinName,
      { input: () => io.stdin, output: () => io.stdout },
      onFinding
    ) : await migrateStream(
      io.stdin,
      opts.mode === "stream" ? io.stdout : new Writable({ write: (_chunk, _enc, done) => done() }),
      opts.to,
      opts.stdinName,
      onFinding
    );
    changed = summary.changed;
    totals.files = 1;
    totals.changedFiles = changed ? 1 : 0;
  } else {
    const { files, missing } = collectFiles(opts.paths, io.cwd);
    for (const m of missing) reporter.add({ severity: "error", code: "io", offset: 0, path: m, line: 0, column: 0, message: `${m}: no such file, directory or matching glob` }, totals);
    let converter;
    for (const file of files) {
      totals.files++;
      const shown = displayPath(file, io.cwd);
      let input;
      try {
        input = readFileSync(file);
      } catch (err) {
        reporter.add(ioError(shown, err), totals);
        continue;
      }
      if (!converter && isCandidate(input)) converter = await loadConverter();
      const r7 = migrateBytes(input, opts.to, shown, converter ?? failIfCalled);
      const fileFindings = r7.findings;
      for (const f of fileFindings) reporter.add(f, totals);
      if (!r7.changed || fileFindings.some((f) => f.severity === "error")) continue;
      changed = true;
      totals.changedFiles++;
      if (opts.mode === "diff") {
        io.stdout.write(unifiedDiff(shown, input.toString("utf8"), r7.output.toString("utf8")));
      } else if (opts.mode === "write") {
        try {
          writeFileAtomic(file, r7.output);
        } catch (err) {
          totals.changedFiles--;
          reporter.add(ioError(shown, err), totals);
        }
      }
    }
  }
  reporter.finish(totals);
  if (totals.errors > 0) return EXIT_ERROR;
  if (changed && (opts.mode === "check" || opts.mode === "diff")) return EXIT_CHANGES;
  return EXIT_CLEAN;
}
var Reporter = class {
  constructor(opts, target) {
    this.opts = opts;
    this.target = target;
  }
  opts;
  target;
  json = [];
  stream;
  color = false;
  get out() {
    if (!this.stream) {
      this.stream = this.target();
      this.color = this.opts.color && Boolean(this.stream.isTTY);
    }
    return this.stream;
  }
  add(f, totals) {
    if (f.severity === "error") totals.errors++;
    else if (f.severity === "warning") totals.warnings++;
    else if (f.code === "converted" || f.code === "repaired") totals.converted++;
    if (this.opts.format === "json") this.json.push(findingJson(f));
    else if (!(this.opts.quiet && f.severity === "info")) {
      const out = this.out;
      out.write(formatFinding(f, this.opts.mode, { color: this.color }) + "\n");
    }
  }
  finish(totals) {
    if (this.opts.format === "json") this.out.write(JSON.stringify(this.json, null, 2) + "\n");
    else if (!this.opts.quiet) this.out.write(formatSummary(totals, this.opts.mode) + "\n");
  }
};
function ioError(path, err) {
  const e = err;
  const why = e.code === "EACCES" && /read-only/.test(e.message) ? "file is read-only; not written" : e.code ?? e.message;
  return { severity: "error", code: "io", offset: 0, path, line: 0, column: 0, message: `cannot process ${path}: ${why}` };
}
var failIfCalled = () => {
  throw new Error("internal error: converter used for a non-candidate file");
};
function displayPath(file, cwd) {
  const rel = relative2(cwd, file);
  return (rel.startsWith("..") ? file : rel).split(sep2).join("/");
}

// src/cli.ts
var quitOnEpipe = (err) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
};
var stdoutReady = false;
function stdout() {
  if (!stdoutReady) process.stdout.on("error", quitOnEpipe);
  stdoutReady = true;
  return process.stdout;
}
async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2), process.env, isatty(0), {
      out: (s) => stdout().write(s),
      err: (s) => process.stderr.write(s)
    });
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) process.stderr.write(`smi-migrate: ${err.message}
`);
      return EXIT_ERROR;
    }
    throw err;
  }
  if (!opts) return 0;
  return run(opts, {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return stdout();
    },
    get stderr() {
      return process.stderr;
    },
    cwd: process.cwd(),
    fds: { stdin: 0, stdout: 1 }
  });
}
main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    if (err.code === "EPIPE") quitOnEpipe(err);
    process.stderr.write(`smi-migrate: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}
`);
    process.exitCode = EXIT_ERROR;
  }
);
