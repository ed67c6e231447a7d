import { FILE_CATEGORIES, FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { ChevronDown, FileSpreadsheet } from 'lucide-react';
import { Button } from './button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from './dropdown-menu.tsx';

/** The categories with an Excel template (every one with fields). */
export const TEMPLATE_CATEGORIES = FILE_CATEGORIES.filter((category) => category !== 'unknown');

/** Where the API serves a category's template: a sheet with the field labels as headers, and their descriptions. */
export const templateUrl = (category: string) => `/templates/${encodeURIComponent(category)}.xlsx`;

/**
 * "Download a template": one Excel template per category, so a sheet can be filled in with the
 * columns the platform reads without any mapping.
 */
export const TemplateMenu = ({ variant = 'outline' }: { variant?: 'outline' | 'ghost' | 'default' }) => (
  <DropdownMenu>
    <DropdownMenuTrigger asChild>
      <Button variant={variant}>
        <FileSpreadsheet aria-hidden="true" />
        Download a template
        <ChevronDown aria-hidden="true" />
      </Button>
    </DropdownMenuTrigger>
    <DropdownMenuContent className="min-w-64">
      <DropdownMenuLabel>Excel templates by category</DropdownMenuLabel>
      {TEMPLATE_CATEGORIES.map((category) => (
        <DropdownMenuItem key={category} asChild>
          <a href={templateUrl(category)} download>
            <FileSpreadsheet aria-hidden="true" />
            {FILE_CATEGORY_LABELS[category]}
          </a>
        </DropdownMenuItem>
      ))}
    </DropdownMenuContent>
  </DropdownMenu>
);
